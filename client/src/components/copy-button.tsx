import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx';
import { CheckIcon, CopyIcon } from './icons.tsx';

const copiedMs = 2000;

/** Clipboard API where allowed (secure contexts), else the selection fallback (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

type CopyButtonProps = {
  text: string;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Runs after a successful copy. */
  onCopied?: () => void;
};

/** Copies `text` and shows 'Copied!' for 2 s. */
export function CopyButton({
  text,
  label = 'Copy',
  variant = 'outline',
  size = 'sm',
  className,
  onCopied,
}: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick() {
    try {
      await copyText(text);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), copiedMs);
  }

  return (
    <Button variant={variant} size={size} onClick={onClick} className={className}>
      {state === 'copied' ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : label}
      </span>
    </Button>
  );
}
