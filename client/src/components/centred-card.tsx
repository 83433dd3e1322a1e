import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Card } from './card.tsx';
import { AlertIcon, CheckIcon } from './icons.tsx';
import { LoadingState } from './states.tsx';

/** A text link on the centred-card screens. */
export const cardLinkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/**
 * A screen of one centred card on a quiet background: the account screens, the end of a payment
 * and the customer portal's redirect.
 */
export function CentredCard({
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
            <Link to={footer.to} className={cardLinkClass}>
              {footer.label}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

/** The card while its page checks or redirects before it has anything else to show. */
export function LoadingCard({ title, label }: { title: string; label: string }) {
  return (
    <CentredCard title={title}>
      <LoadingState label={label} className="py-6" />
    </CentredCard>
  );
}

/**
 * An outcome in a tinted box with its icon: errors in red (read out at once), confirmations in
 * green (read out politely).
 */
export function Notice({
  tone,
  className,
  children,
}: {
  tone: 'error' | 'success';
  className?: string;
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? AlertIcon : CheckIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm break-words',
        tone === 'error'
          ? 'border-red-200 bg-loss-soft text-loss'
          : 'border-green-200 bg-profit-soft text-profit',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0">{children}</p>
    </div>
  );
}

/**
 * The end of a flow a link or form started (verification, password reset, payment, the portal):
 * a green tick or a red warning beside the outcome, then the ways on (links styled as buttons,
 * side by side from the small breakpoint). `announce` reads it out when it replaces a form.
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
  const Icon = tone === 'error' ? AlertIcon : CheckIcon;
  return (
    <CentredCard title={title}>
      <div
        className="flex items-start gap-3"
        role={announce ? (tone === 'error' ? 'alert' : 'status') : undefined}
      >
        <Icon
          className={cn('mt-0.5 size-5 shrink-0', tone === 'error' ? 'text-loss' : 'text-profit')}
        />
        <div className="space-y-2 text-sm text-ink-muted">{children}</div>
      </div>
      <div className="mt-6 grid gap-3 sm:grid-flow-col sm:auto-cols-fr">{actions}</div>
    </CentredCard>
  );
}
