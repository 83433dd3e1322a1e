import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** The heading and accessible name. */
  title: string;
  className?: string;
  children: ReactNode;
};

/**
 * A modal on the native <dialog> element: the browser traps focus, Escape closes it, and a click
 * on the backdrop (outside the panel) closes it too. Focus returns to the opener on close.
 */
export function Modal({ open, onClose, title, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it through the dialog's cancel event
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is the backdrop area; the panel is its only child.
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-surface p-0 text-ink shadow-lg backdrop:bg-night/60',
        className,
      )}
    >
      {open && (
        <div className="relative p-6">
          <h2 id={titleId} className="pr-8 text-lg font-semibold">
            {title}
          </h2>
          <CloseButton label="Close" onClick={onClose} className="absolute top-4 right-4" />
          {children}
        </div>
      )}
    </dialog>
  );
}

/** The × that closes a modal or a drawer. */
export function CloseButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'rounded-lg p-1 text-ink-subtle hover:bg-surface-sunken hover:text-ink',
        className,
      )}
    >
      <CloseIcon />
    </button>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  tone?: 'primary' | 'danger';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone (e.g. deleting order history). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  tone = 'primary',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title}>
      <div className="mt-3 text-sm text-ink-muted">{message}</div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={loading} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
