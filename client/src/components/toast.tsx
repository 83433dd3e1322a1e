import { create } from 'zustand';
import { cn } from '../lib/cn.ts';
import { CloseIcon } from './icons.tsx';

export type ToastTone = 'info' | 'success' | 'error';
type Toast = { id: number; tone: ToastTone; message: string };

type ToastState = {
  toasts: Toast[];
  push: (tone: ToastTone, message: string) => void;
  dismiss: (id: number) => void;
};

const visibleMs = 5000;
let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(tone, message) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, tone, message }] });
    setTimeout(() => get().dismiss(id), visibleMs);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Short notices that replace blocking alert() calls: `toast.success('Saved')`. */
export const toast = {
  info: (message: string) => useToasts.getState().push('info', message),
  success: (message: string) => useToasts.getState().push('success', message),
  error: (message: string) => useToasts.getState().push('error', message),
};

const toneClasses: Record<ToastTone, string> = {
  info: 'border-line bg-surface text-ink',
  success: 'border-green-200 bg-profit-soft text-profit',
  error: 'border-red-200 bg-loss-soft text-loss',
};

/** Rendered once in the root layout; a polite live region so screen readers read each toast. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex animate-fade-in items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-md',
            toneClasses[t.tone],
          )}
        >
          <p className="flex-1">{t.message}</p>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            aria-label="Dismiss notification"
            className="rounded p-0.5 opacity-70 hover:opacity-100"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
