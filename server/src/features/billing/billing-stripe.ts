import type { PaidPlan } from '@signalrelay/contracts/billing';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { billingConfigured } from '../../core/plans.ts';

/** What the billing feature needs from Stripe, opened once from config. */
export type StripeBilling = {
  stripe: Stripe;
  /** Endpoint signing secrets: during a rotation STRIPE_WEBHOOK_SECRET holds both, comma-separated. */
  webhookSecrets: string[];
  prices: Record<PaidPlan, string>;
};

/**
 * The Stripe client, or null when billing is not configured (DESIGN.md section 3). With
 * STRIPE_API_BASE the SDK talks to that host instead of api.stripe.com: tests point it at their
 * local fake (server/test/stripe-fake.ts).
 */
export function openStripeBilling(
  config: Pick<
    Config,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_PRICE_BASIC'
    | 'STRIPE_PRICE_PRO'
    | 'STRIPE_API_BASE'
  >,
): StripeBilling | null {
  if (!billingConfigured(config) || !config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    // A webhook waits on our calls to Stripe; better to fail and let Stripe retry than hang.
    timeout: 10_000,
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
  return {
    stripe,
    // config.ts requires these three whenever the secret key is set.
    webhookSecrets: (config.STRIPE_WEBHOOK_SECRET ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    prices: { basic: config.STRIPE_PRICE_BASIC ?? '', pro: config.STRIPE_PRICE_PRO ?? '' },
  };
}

/** Our plan for a Stripe price id, or null for a price we did not configure. */
export function planOfPrice(prices: Record<PaidPlan, string>, priceId: string): PaidPlan | null {
  if (priceId === prices.basic) return 'basic';
  if (priceId === prices.pro) return 'pro';
  return null;
}
