import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../components/button.tsx';
import { LoadingCard, OutcomeCard } from '../../components/centred-card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { billingApi, goToStripe } from './billing-api.ts';

/** The redirect screen's failure texts (spec section 8). */
function failureText(err: unknown): string {
  if (err instanceof ApiError) return err.message || 'Failed to create portal session.';
  return 'An unknown error occurred.';
}

/**
 * /billing-portal (signed in): asks the server for a Stripe customer portal session and sends
 * the browser there. The e-mails about a failed payment or an ending trial link here.
 */
export function BillingPortalPage() {
  useDocumentTitle('Customer portal');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // One portal session per visit, also under React's development double effects.
    if (started.current) return;
    started.current = true;
    billingApi.portal().then(
      ({ url, message }) => {
        if (url) goToStripe(url);
        else setError(message ?? 'Failed to create portal session.');
      },
      (err: unknown) => setError(failureText(err)),
    );
  }, []);

  if (!error) {
    return (
      <LoadingCard title="Customer portal" label="Redirecting to our secure customer portal..." />
    );
  }
  return (
    <OutcomeCard
      title="Error"
      tone="error"
      announce
      actions={
        <Link to="/dashboard" hash="licenses" className={buttonClasses('primary')}>
          Go to Dashboard
        </Link>
      }
    >
      <p className="text-ink">{error}</p>
      <p>Please try again from your dashboard.</p>
    </OutcomeCard>
  );
}
