import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { Button, buttonClasses } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { AlertIcon, CheckIcon, ClockIcon, InfoIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { openPortal, planMessages, reactivateSubscription } from './plan-actions.ts';
import { offerOf } from './plan-catalogue.ts';
import {
  type PlanBox as Box,
  formatDate,
  type PlanAction,
  type PlanBoxKind,
  paymentOverdue,
  type SubscriptionView,
  shownDate,
} from './subscription-display.ts';

/** Each case's frame: the box's border and fill, its icon and the icon's colour. */
const frames: Record<PlanBoxKind, { box: string; Icon: typeof InfoIcon; icon: string }> = {
  trial: { box: 'border-brand-200 bg-brand-50', Icon: ClockIcon, icon: 'text-brand-700' },
  free: { box: 'border-line bg-surface-muted', Icon: InfoIcon, icon: 'text-ink-muted' },
  cancelled: { box: 'border-red-200 bg-loss-soft', Icon: AlertIcon, icon: 'text-loss' },
  ending: { box: 'border-amber-200 bg-warn-soft', Icon: AlertIcon, icon: 'text-warn' },
  active: { box: 'border-green-200 bg-profit-soft', Icon: CheckIcon, icon: 'text-profit' },
  'self-hosted': { box: 'border-line bg-surface-muted', Icon: InfoIcon, icon: 'text-ink-muted' },
};

/** What each action's button or link says. */
const actionLabels: Record<PlanAction, string> = {
  reactivate: 'Reactivate',
  manage: 'Manage Subscription',
  'subscribe-again': 'Subscribe Again',
  upgrade: 'Upgrade to Basic or Pro',
};

/** The plan a new subscription continues: the user's own (a free user is offered Basic). */
const renewable = (plan: SubscriptionView['productType']) => (plan === 'free' ? 'basic' : plan);

/** What the box says, in the user's terms, for each case of the spec's priority list. */
function explanation(kind: PlanBoxKind, user: SubscriptionView, now: number): ReactNode {
  const plan = user.productType.toUpperCase();
  const until = formatDate(user.subscriptionExpiration);
  const offer = offerOf(user.productType);
  switch (kind) {
    case 'trial':
      return user.subscriptionCancelAtPeriodEnd
        ? `Your ${plan} trial ends on ${formatDate(user.trialEndDate)} and will not continue: you cancelled it. Reactivate to keep the plan.`
        : `Your 2-week free trial of the ${plan} plan ends on ${formatDate(user.trialEndDate)}. It then continues as a monthly subscription${offer ? ` at ${offer.afterTrialPrice} per month` : ''} unless you cancel before.`;
    case 'free':
      return 'The free plan includes the dashboard and 30 days of order history, but no signal transfer to MetaTrader. Upgrade to Basic or Pro to trade your alerts.';
    case 'cancelled': {
      const expiry = shownDate(user.subscriptionExpiration);
      return expiry && expiry.getTime() > now
        ? `Your ${plan} subscription was cancelled. It stays active until ${until}.`
        : `Your ${plan} subscription was cancelled${until === 'N/A' ? '' : ` and ended on ${until}`}. Subscribe again to resume signal transfer.`;
    }
    case 'ending':
      return `Your ${plan} subscription will not renew. It stays active until ${until}.`;
    case 'active':
      return paymentOverdue(user)
        ? `Your last ${plan} payment failed. Update your payment method to keep the plan after ${until}.`
        : `Your ${plan} subscription renews automatically on ${until}.`;
    case 'self-hosted':
      return `Billing is not configured on this server, so your ${plan} plan has no expiry and nothing to renew.`;
  }
}

/** The plan-specific box of the Licenses tab with its actions (spec section 4). */
export function PlanBox({ box, user, now }: { box: Box; user: SubscriptionView; now: number }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<PlanAction | null>(null);
  const frame = frames[box.kind];

  async function manage() {
    setBusy('manage');
    const error = await openPortal();
    // On success the browser is leaving for Stripe; keep the spinner until it does.
    if (error) {
      toast.error(error);
      setBusy(null);
    }
  }

  async function reactivate() {
    setBusy('reactivate');
    const result = await reactivateSubscription();
    setBusy(null);
    setConfirming(false);
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
  }

  return (
    <section aria-label="Subscription" className={cn('rounded-xl border px-5 py-4', frame.box)}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0">
          <frame.Icon className={cn('size-5', frame.icon)} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-ink">{box.title}</h3>
          <p className="mt-1 text-sm text-ink-muted">{explanation(box.kind, user, now)}</p>
          {box.actions.length > 0 && (
            <div className="mt-4 flex flex-wrap gap-2">
              {box.actions.map((action) =>
                action === 'reactivate' || action === 'manage' ? (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'manage' ? 'outline' : 'primary'}
                    loading={busy === action}
                    disabled={busy !== null}
                    onClick={action === 'manage' ? () => void manage() : () => setConfirming(true)}
                  >
                    {actionLabels[action]}
                  </Button>
                ) : (
                  <Link
                    key={action}
                    to="/payment"
                    search={action === 'upgrade' ? {} : { plan: renewable(user.productType) }}
                    className={buttonClasses('primary', 'sm')}
                  >
                    {actionLabels[action]}
                  </Link>
                ),
              )}
            </div>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Reactivate subscription"
        message={planMessages.reactivateConfirm}
        confirmLabel="Reactivate"
        loading={busy === 'reactivate'}
        onConfirm={() => void reactivate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
