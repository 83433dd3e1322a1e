import { Link } from '@tanstack/react-router';
import { StepNumber } from '../../components/step-number.tsx';
import { LandingCard, LandingSection } from './section-heading.tsx';

const steps = [
  {
    title: 'Create your account',
    text: 'Sign up, verify your e-mail and start the 14-day trial. Your license number is waiting in the dashboard.',
  },
  {
    title: 'Install the EA',
    text: 'Copy the Expert Advisor into MetaTrader, attach it to a chart, enter your license number and allow our URL for web requests.',
    link: { to: '/docs/install-mt4-5', label: 'Installation guide' },
  },
  {
    title: 'Create a TradingView alert',
    text: 'Paste the webhook URL into the alert and write the message as JSON: symbol, position, lot and optional stop loss, take profit or risk.',
    link: { to: '/docs/tradingview-alert-setup', label: 'Alert setup' },
  },
  {
    title: 'Trade automatically',
    text: 'When the alert fires, the EA places or closes the trade and the result appears in your signal history with its timing.',
    link: { to: '/docs/basic-config', label: 'Message reference' },
  },
] as const;

export function LandingHowItWorks() {
  return (
    <LandingSection
      id="how-it-works"
      className="bg-surface-muted"
      eyebrow="How it works"
      title="Four steps from alert to trade"
      text="No code, no DLLs, no ports to open: the EA connects out to SignalRelay and waits for your alerts."
    >
      <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <LandingCard
            key={step.title}
            as="li"
            mark={<StepNumber n={index + 1} className="size-9" />}
            title={step.title}
            text={step.text}
          >
            {'link' in step && (
              <Link
                to={step.link.to}
                className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
              >
                {step.link.label} →
              </Link>
            )}
          </LandingCard>
        ))}
      </ol>
    </LandingSection>
  );
}
