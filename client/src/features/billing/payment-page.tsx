import type { PaidPlan } from '@signalrelay/contracts/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { Badge } from '../../components/badge.tsx';
import { Button, buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { AlertIcon, CheckIcon, InfoIcon } from '../../components/icons.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { type CurrentUser, useSession } from '../../stores/session-store.ts';
import { billingApi, billingStatusQuery, goToStripe } from './billing-api.ts';
import { type PlanOffer, planOffers } from './plan-catalogue.ts';

/** Subscription statuses that still bill: Checkout would refuse a second subscription. */
const billingStatuses = new Set(['trialing', 'active', 'past_due', 'unpaid', 'paused']);

function hasSubscription(user: CurrentUser | null): boolean {
  return Boolean(
    user?.stripeSubscriptionId &&
      user.subscriptionStatus &&
      billingStatuses.has(user.subscriptionStatus),
  );
}

/**
 * /payment: the two plans with the spec's prices and trial, each leading to Stripe Checkout.
 * `?plan=` marks the plan the visitor chose on the landing page. A visitor who is not signed in
 * signs in first and comes back here; without billing on the server the page says so instead.
 */
export function PaymentPage({ plan }: { plan?: PaidPlan }) {
  useDocumentTitle('Choose your plan');
  const { data: status, isError: error } = useQuery(billingStatusQuery);
  const user = useSession((s) => s.user);
  const sessionStatus = useSession((s) => s.status);

  useEffect(() => {
    if (useSession.getState().status === 'unknown') void useSession.getState().check();
  }, []);

  if (error) {
    return (
      <Page>
        <ErrorState message="Could not load the plans. Please reload the page." />
      </Page>
    );
  }
  if (!status || sessionStatus === 'unknown' || sessionStatus === 'checking') {
    return (
      <Page>
        <LoadingState />
      </Page>
    );
  }
  if (!status.enabled) {
    return (
      <Page>
        <Card className="mx-auto max-w-2xl px-6 py-8">
          <div className="flex items-start gap-3">
            <InfoIcon className="mt-0.5 size-5 shrink-0 text-info" />
            <div>
              <h2 className="text-lg font-semibold text-ink">Billing is not configured</h2>
              <p className="mt-2 text-sm text-ink-muted">
                This SignalRelay server does not take payments, so there is nothing to buy here:
                every account has the{' '}
                <strong className="text-ink">{status.selfHostedPlan?.toUpperCase()}</strong> plan.
                The server's operator can change an account's plan with{' '}
                <code className="rounded bg-surface-sunken px-1.5 py-0.5 text-xs">
                  npm run admin -- set-plan &lt;email&gt; &lt;plan&gt;
                </code>
                .
              </p>
              <Link to="/dashboard" className={buttonClasses('primary', 'md', 'mt-5')}>
                Go to Dashboard
              </Link>
            </div>
          </div>
        </Card>
      </Page>
    );
  }

  const subscribed = hasSubscription(user);
  // One trial per account: a user who had one is billed from the first day.
  const trial = !user?.trialEndDate;
  return (
    <Page>
      {subscribed && user && (
        <div
          role="status"
          className="mx-auto mb-8 flex max-w-4xl items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-ink"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <p>
            You already have the {user.productType.toUpperCase()} plan. Change or cancel it under
            Manage Subscription on your{' '}
            <Link to="/dashboard" hash="licenses" className="font-medium text-brand-700 underline">
              dashboard
            </Link>
            .
          </p>
        </div>
      )}
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {planOffers.map((offer) => (
          <PlanCard
            key={offer.plan}
            offer={offer}
            chosen={offer.plan === plan}
            trial={trial}
            signedIn={user !== null}
            disabled={subscribed}
          />
        ))}
      </div>
      <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-ink-muted">
        The free plan (dashboard and 30 days of order history, no signal transfer) needs no payment.
        Payments are handled by Stripe; cancel any time from your dashboard.
      </p>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <section className="flex-1 bg-surface-muted px-4 py-12 sm:px-6 lg:px-8">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-semibold text-ink">Choose your plan</h1>
        <p className="mt-2 text-ink-muted">
          Relay TradingView alerts to MetaTrader 4 and 5. Daily signal allowances reset at midnight
          US Eastern time.
        </p>
      </div>
      {children}
    </section>
  );
}

function PlanCard({
  offer,
  chosen,
  trial,
  signedIn,
  disabled,
}: {
  offer: PlanOffer;
  chosen: boolean;
  trial: boolean;
  signedIn: boolean;
  disabled: boolean;
}) {
  const router = useRouter();
  const checkout = useMutation({
    mutationFn: () => billingApi.checkout(offer.plan),
    onSuccess: ({ url }) => goToStripe(url),
  });
  const { error } = checkout;

  function choose() {
    if (signedIn) return checkout.mutate();
    const back = `/payment?plan=${offer.plan}`;
    void router.navigate({ href: `/login?${new URLSearchParams({ redirect: back })}` });
  }

  return (
    <section aria-label={`${offer.name} plan`} className="flex">
      <Card
        className={cn(
          'relative flex flex-1 flex-col p-6',
          chosen ? 'ring-2 ring-brand-600' : offer.popular && 'ring-1 ring-brand-300',
        )}
      >
        <div className="flex items-center gap-2">
          <h2 className="text-xl font-semibold text-ink">{offer.name}</h2>
          {offer.popular && <Badge tone="brand">POPULAR</Badge>}
          {chosen && <Badge tone="info">Selected</Badge>}
        </div>
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-4xl font-semibold text-ink">{offer.listedPrice}</span>
          <span className="text-ink-muted">/month</span>
        </p>
        <p className="mt-1 text-sm font-medium text-brand-700">
          {trial ? '2 weeks free trial' : 'Your free trial has been used'}
        </p>
        <p className="mt-2 text-sm text-ink-muted">
          {trial ? 'After the trial: ' : 'Charged from today: '}
          <strong className="text-ink">{offer.afterTrialPrice} per month</strong>. Stripe Checkout
          shows the exact amount before you confirm.
        </p>
        <ul className="mt-6 flex-1 space-y-2.5 text-sm text-ink">
          {offer.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="size-5 shrink-0 text-brand-600" />
              {feature}
            </li>
          ))}
        </ul>
        {error && (
          <p role="alert" className="mt-4 flex items-start gap-2 text-sm text-loss">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            {error instanceof NetworkError
              ? 'Network error occurred while starting checkout. Please try again.'
              : error instanceof ApiError && error.status < 500
                ? error.message
                : 'Failed to start checkout. Please try again.'}
          </p>
        )}
        <Button
          size="lg"
          variant={chosen || offer.popular ? 'primary' : 'outline'}
          className="mt-6 w-full"
          // Until the browser has left for Stripe.
          loading={checkout.isPending || checkout.isSuccess}
          loadingText="Opening checkout..."
          disabled={disabled}
          onClick={choose}
        >
          {trial ? `Start free trial of ${offer.name}` : `Subscribe to ${offer.name}`}
        </Button>
        {!signedIn && (
          <p className="mt-2 text-center text-xs text-ink-subtle">
            You will sign in (or create an account) first.
          </p>
        )}
      </Card>
    </section>
  );
}
