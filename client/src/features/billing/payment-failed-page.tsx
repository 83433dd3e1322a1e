import type { PaidPlan } from '@signalrelay/contracts/billing';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { OutcomeCard } from '../../components/centred-card.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** Where Stripe Checkout sends a payment that did not go through (spec sections 2 and 8). */
export function PaymentFailedPage({ plan }: { plan: PaidPlan }) {
  useDocumentTitle('Payment Failed');
  return (
    <OutcomeCard
      title="Payment Failed"
      tone="error"
      actions={
        <>
          <Link to="/payment" search={{ plan }} className={buttonClasses('primary')}>
            Try Again
          </Link>
          <Link to="/docs/contact-support" className={buttonClasses('outline')}>
            Contact Support
          </Link>
        </>
      }
    >
      Unfortunately, we couldn't process your payment at this time. Please check your payment
      details or try a different method.
    </OutcomeCard>
  );
}
