import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { LoadingState } from '../../components/states.tsx';
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

  return (
    <section className="flex flex-1 items-start justify-center bg-surface-muted px-4 py-12 sm:items-center sm:py-16">
      <Card className="w-full max-w-md px-6 py-8 sm:px-8">
        {error ? (
          <div role="alert">
            <div className="flex items-center gap-3">
              <AlertIcon className="size-6 text-loss" />
              <h1 className="text-2xl font-semibold text-ink">Error</h1>
            </div>
            <p className="mt-4 text-sm text-ink">{error}</p>
            <p className="mt-2 text-sm text-ink-muted">Please try again from your dashboard.</p>
            <Link
              to="/dashboard"
              hash="licenses"
              className={buttonClasses('primary', 'md', 'mt-6 w-full')}
            >
              Go to Dashboard
            </Link>
          </div>
        ) : (
          <LoadingState label="Redirecting to our secure customer portal..." className="py-6" />
        )}
      </Card>
    </section>
  );
}
