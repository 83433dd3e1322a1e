import type { PaidPlan } from '@signalrelay/contracts/billing';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/badge.tsx';
import { buttonClasses } from '../../components/button.tsx';
import { CheckIcon, CloseIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { LandingSection } from './section-heading.tsx';

type Plan = {
  name: string;
  price: string;
  period?: string;
  blurb: string;
  popular?: boolean;
  trial?: string;
  /** Typed by the router: a path that is not a route, or a plan it does not take, fails the type check. */
  cta: { label: string } & (
    | { to: '/signup'; search?: never }
    | { to: '/payment'; search: { plan: PaidPlan } }
  );
  features: { text: string; included: boolean }[];
};

const plans: Plan[] = [
  {
    name: 'Free',
    price: '$0',
    blurb: 'Explore the dashboard and track your orders.',
    cta: { label: 'Get Started', to: '/signup' },
    features: [
      { text: 'Order history, 30 days', included: true },
      { text: 'Signal history and EA status', included: true },
      { text: 'Test signals from the dashboard', included: true },
      { text: 'Signal transfer to MetaTrader', included: false },
    ],
  },
  {
    name: 'Basic',
    price: '$20',
    period: '/month',
    blurb: 'Automate a strategy or two.',
    popular: true,
    trial: '2 weeks free trial',
    cta: { label: 'Get Basic', to: '/payment', search: { plan: 'basic' } },
    features: [
      { text: '100 signals per day', included: true },
      { text: 'Order history, 90 days', included: true },
      { text: 'MetaTrader 4 and 5', included: true },
      { text: 'E-mail support', included: true },
    ],
  },
  {
    name: 'Pro',
    price: '$30',
    period: '/month',
    blurb: 'For active traders and several strategies.',
    cta: { label: 'Get Pro', to: '/payment', search: { plan: 'pro' } },
    features: [
      { text: '500 signals per day', included: true },
      { text: 'Unlimited order history', included: true },
      { text: 'MetaTrader 4 and 5', included: true },
      { text: 'E-mail support', included: true },
    ],
  },
];

export function LandingPricing() {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple plans, cancel any time"
      text="Daily signal allowances reset at midnight US Eastern time. Test signals never count."
    >
      <div className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <div
            key={plan.name}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-surface p-6 shadow-sm',
              plan.popular ? 'border-brand-500 ring-2 ring-brand-500' : 'border-line',
            )}
          >
            {plan.popular && (
              <Badge tone="brand" className="absolute -top-3 left-6">
                POPULAR
              </Badge>
            )}
            <h3 className="text-lg font-semibold text-ink">{plan.name}</h3>
            <p className="mt-1 text-sm text-ink-muted">{plan.blurb}</p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-semibold text-ink">{plan.price}</span>
              {plan.period && <span className="text-ink-muted">{plan.period}</span>}
            </p>
            <p className="mt-1 h-5 text-sm font-medium text-brand-700">{plan.trial}</p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {plan.features.map((f) => (
                <li
                  key={f.text}
                  className={cn(
                    'flex items-start gap-2',
                    f.included ? 'text-ink' : 'text-ink-subtle',
                  )}
                >
                  {f.included ? (
                    <CheckIcon className="size-5 shrink-0 text-brand-600" />
                  ) : (
                    <CloseIcon className="size-5 shrink-0" />
                  )}
                  <span>
                    <span className="sr-only">{f.included ? 'Included: ' : 'Not included: '}</span>
                    {f.text}
                  </span>
                </li>
              ))}
            </ul>
            <Link
              to={plan.cta.to}
              search={plan.cta.search}
              className={buttonClasses(plan.popular ? 'primary' : 'outline', 'lg', 'mt-8 w-full')}
            >
              {plan.cta.label}
            </Link>
          </div>
        ))}
      </div>
    </LandingSection>
  );
}
