import type { PaidPlan } from '@signalrelay/contracts/billing';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** Where Stripe Checkout sends a payment that did not go through (spec sections 2 and 8). */
export function PaymentFailedPage({ plan }: { plan: PaidPlan }) {
  useDocumentTitle('Payment Failed');
  return (
    <section className="flex flex-1 items-start justify-center bg-surface-muted px-4 py-12 sm:items-center sm:py-16">
      <Card className="w-full max-w-md px-6 py-8 sm:px-8">
        <div className="flex items-center gap-3">
          <span className="rounded-full bg-loss-soft p-2">
            <AlertIcon className="size-6 text-loss" />
          </span>
          <h1 className="text-2xl font-semibold text-ink">Payment Failed</h1>
        </div>
        <p className="mt-4 text-sm text-ink-muted">
          Unfortunately, we couldn't process your payment at this time. Please check your payment
          details or try a different method.
        </p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Link to="/payment" search={{ plan }} className={buttonClasses('primary')}>
            Try Again
          </Link>
          <Link to="/docs/contact-support" className={buttonClasses('outline')}>
            Contact Support
          </Link>
        </div>
      </Card>
    </section>
  );
}
