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

const historyText = (days: number | null) =>
  days === null ? 'Unlimited order history' : `Order history, ${days} days`;

/**
 * The two plans on sale (spec sections 3 and 9). The spec gives two price readings for each
 * plan (the landing page's $20 and $30 a month, and $19.99 and $34.99 charged after the trial);
 * the payment page shows both, and Stripe Checkout shows the exact amount before anyone pays.
 */
export const planOffers: readonly PlanOffer[] = [
  {
    plan: 'basic',
    name: 'Basic',
    listedPrice: '$20',
    afterTrialPrice: '$19.99',
    popular: true,
    features: [
      `${planLimits.basic.signalsPerDay} signals per day`,
      historyText(planLimits.basic.historyDays),
      'MetaTrader 4 and 5',
      'E-mail support',
    ],
  },
  {
    plan: 'pro',
    name: 'Pro',
    listedPrice: '$30',
    afterTrialPrice: '$34.99',
    popular: false,
    features: [
      `${planLimits.pro.signalsPerDay} signals per day`,
      historyText(planLimits.pro.historyDays),
      'MetaTrader 4 and 5',
      'E-mail support',
    ],
  },
];

export function offerOf(plan: string | null | undefined): PlanOffer | undefined {
  return planOffers.find((o) => o.plan === plan);
}
