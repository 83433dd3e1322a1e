import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseButton } from './dialog.tsx';

/** `data-*` attributes a row (and its details) carries, e.g. the ticket tests and scripts find it by. */
export type DataAttributes = Record<`data-${string}`, string>;

type DetailDrawerProps = {
  /** The drawer's heading and accessible name ("Order #1017"). */
  title: string;
  onClose: () => void;
  /** Where focus goes back to when the drawer closes: the row or card that opened it. */
  opener: HTMLElement | null;
  data?: DataAttributes;
  children: ReactNode;
};

/**
 * A history row's details on the native <dialog>: a panel docked on the right of the list on
 * wide screens, a full-width sheet under the card on phones. Opened with `show()`, not
 * `showModal()`: a modal would make the list inert, and a trader compares rows by clicking
 * one after another with the details open (the next row switches them, the same row closes
 * them). Escape and the close button close it; focus moves into it and back to its row.
 */
export function DetailDrawer({ title, onClose, opener, data, children }: DetailDrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.show();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Back to the row once the drawer is gone (closed, or its row left the page).
  useEffect(() => () => opener?.focus({ preventScroll: true }), [opener]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      {...data}
      className="static m-0 w-full border-0 border-t border-line bg-surface-muted p-0 text-ink md:sticky md:top-20 md:max-h-[calc(100vh-6rem)] md:self-start md:overflow-y-auto md:rounded-xl md:border md:shadow-lg"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        <CloseButton label="Close details" onClick={onClose} />
      </div>
      <div className="p-4">{children}</div>
    </dialog>
  );
}
