import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';

/** A text link on the account screens. */
export const authLinkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/** The frame of every account screen: one centred card on a quiet background. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The link under the card to the neighbouring screen, after an optional lead-in. */
  footer?: { lead?: string; to: '/signup' | '/login' | '/forgot-password'; label: string };
}) {
  return (
    <section className="flex flex-1 items-start justify-center bg-surface-muted px-4 py-12 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <Card className="px-6 py-8 sm:px-8">
          <h1 className="text-2xl font-semibold text-ink">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-ink-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && (
          <div className="mt-6 text-center text-sm text-ink-muted">
            {footer.lead && `${footer.lead} `}
            <Link to={footer.to} className={authLinkClass}>
              {footer.label}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

/** A message above a form: the spec's error texts in red, confirmations in green. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? AlertIcon : CheckIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'mb-5 flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
        tone === 'error'
          ? 'border-red-200 bg-loss-soft text-loss'
          : 'border-green-200 bg-profit-soft text-profit',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/**
 * The end of a flow a link or form started (verification, password reset): a green tick or a
 * red warning beside the outcome, then the ways on. `announce` reads it out when it replaces a form.
 */
export function OutcomeCard({
  title,
  tone,
  announce,
  actions,
  children,
}: {
  title: string;
  tone: 'error' | 'success';
  announce?: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <div className="flex items-start gap-3" role={announce ? 'status' : undefined}>
        {tone === 'success' ? (
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-profit" />
        ) : (
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-loss" />
        )}
        <p className="text-sm text-ink-muted">{children}</p>
      </div>
      {actions}
    </AuthCard>
  );
}

/** The way back to signing in, after a flow that ends signed out. */
export function GoToLogin() {
  return (
    <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
      Go to Login
    </Link>
  );
}

/** "or" between the password form and the provider buttons. */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs text-ink-subtle uppercase">
      <span className="h-px flex-1 bg-line" />
      {label}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
