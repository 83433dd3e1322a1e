import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Card, CardBody } from '../../components/card.tsx';
import { LoadingState } from '../../components/states.tsx';
import { TabHeading } from '../../components/tab-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { useSession } from '../../stores/session-store.ts';
import { billingStatusQuery } from './billing-api.ts';
import { LicenseNumber } from './license-number.tsx';
import { PlanBox } from './plan-box.tsx';
import { formatDate, planBox, renewalBadge } from './subscription-display.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-ink-subtle uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * The Licenses tab (spec sections 2 and 4): who the license belongs to, the license number, the
 * plan, its expiry and renewal, the plan box with its actions, and Refresh.
 */
export function LicensesTab() {
  const user = useSession((s) => s.user);
  const { data: status } = useQuery(billingStatusQuery);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    const fresh = await useSession.getState().check();
    setRefreshing(false);
    if (!fresh) toast.error('Could not refresh your license information. Please try again.');
  }

  if (!user || !status) return <LoadingState />;
  const billingEnabled = status.enabled;
  const now = Date.now();
  const box = planBox(user, { billingEnabled, now });
  const badge = renewalBadge(user, { billingEnabled });
  const name = user.name || [user.firstname, user.lastname].filter(Boolean).join(' ');

  return (
    <div className="space-y-6">
      <TabHeading
        title="License Information"
        description="Your license number connects TradingView alerts and your EAs to this account."
      >
        <Button variant="outline" size="sm" loading={refreshing} onClick={() => void refresh()}>
          Refresh
        </Button>
      </TabHeading>

      <Card>
        <CardBody>
          <dl className="grid gap-5 sm:grid-cols-2">
            <Field label="Name">{name || '—'}</Field>
            <Field label="E-mail">{user.email}</Field>
            <div className="sm:col-span-2">
              <Field label="License Number">
                <LicenseNumber licenseNumber={user.licenseNumber} />
              </Field>
            </div>
            <Field label="License Type">
              <Badge tone={user.productType === 'free' ? 'neutral' : 'brand'}>
                {user.productType.toUpperCase()}
              </Badge>
            </Field>
            <Field label="Expiry Date">
              <span data-testid="expiry-date">{formatDate(user.subscriptionExpiration)}</span>
            </Field>
            <Field label="Renewal">
              {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : '—'}
            </Field>
          </dl>
        </CardBody>
      </Card>

      <PlanBox box={box} user={user} now={now} />

      {billingEnabled && user.productType === 'basic' && box.kind !== 'cancelled' && (
        <p className="text-sm text-ink-muted">
          Need more? Pro has 500 signals a day and unlimited order history: switch plans under
          Manage Subscription.
        </p>
      )}
    </div>
  );
}
