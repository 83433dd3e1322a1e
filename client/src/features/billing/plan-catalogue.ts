import type { PaidPlan } from '@signalrelay/contracts/billing';
import { planLimits } from '@signalrelay/contracts/billing';

export type PlanOffer = {
  plan: PaidPlan;
  name: string;
  /** The monthly price the landing page shows. */
  listedPrice: string;
  /** What the spec says is charged per month once the trial is over. */
  afterTrialPrice: string;
  popular: boolean;
  features: string[];
};

/** A plan on sale; its features follow from the plan's limits. */
function offer(
  plan: PaidPlan,
  name: string,
  listedPrice: string,
  afterTrialPrice: string,
  popular: boolean,
): PlanOffer {
  const { signalsPerDay, historyDays } = planLimits[plan];
  return {
    plan,
    name,
    listedPrice,
    afterTrialPrice,
    popular,
    features: [
      `${signalsPerDay} signals per day`,
      historyDays === null ? 'Unlimited order history' : `Order history, ${historyDays} days`,
      'MetaTrader 4 and 5',
      'E-mail support',
    ],
  };
}

/**
 * The two plans on sale (spec sections 3 and 9). The spec gives two price readings for each
 * plan (the landing page's $20 and $30 a month, and $19.99 and $34.99 charged after the trial);
 * the payment page shows both, and Stripe Checkout shows the exact amount before anyone pays.
 */
export const planOffers: readonly PlanOffer[] = [
  offer('basic', 'Basic', '$20', '$19.99', true),
  offer('pro', 'Pro', '$30', '$34.99', false),
];

export function offerOf(plan: string | null | undefined): PlanOffer | undefined {
  return planOffers.find((o) => o.plan === plan);
}
