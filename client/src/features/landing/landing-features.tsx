import {
  BoltIcon,
  ChartIcon,
  ClockIcon,
  GlobeIcon,
  SettingsIcon,
  ShieldIcon,
} from '../../components/icons.tsx';
import { LandingCard, LandingSection } from './section-heading.tsx';

const features = [
  {
    icon: BoltIcon,
    title: 'Fast signal transfer',
    text: 'Alerts are pushed to MetaTrader 5 over a live WebSocket the moment they arrive, with long-poll delivery for MetaTrader 4. Every signal records when it was received, delivered and executed.',
  },
  {
    icon: SettingsIcon,
    title: 'Minimal setup',
    text: 'Copy the EA into MetaTrader, enter your license number, paste one URL into your alert. The Quick Start takes about five minutes.',
  },
  {
    icon: ChartIcon,
    title: 'Order history with performance',
    text: 'The OrderTracker EA reports your positions, so you see total trades, win rate, net profit and open trades next to each order.',
  },
  {
    icon: ClockIcon,
    title: 'Signal history you can trust',
    text: 'Each alert with its status and broker result, an EA connection indicator and a daily signal counter that resets at midnight US Eastern time.',
  },
  {
    icon: ShieldIcon,
    title: 'Safe by design',
    text: 'A retried alert never trades twice, and a signal your terminal could not receive within its lifetime expires instead of executing late.',
  },
  {
    icon: GlobeIcon,
    title: 'Works with your broker',
    text: "The EA finds your broker's name for the symbol, with prefixes or suffixes such as EURUSD.m, and reports the broker's own error text when an order is refused.",
  },
];

export function LandingFeatures() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything between the alert and the fill"
      text="SignalRelay carries the alert, executes it through the EA and keeps the record, so you can trust automation with real money."
    >
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((f) => (
          <LandingCard
            key={f.title}
            mark={
              <div className="inline-flex rounded-lg bg-brand-50 p-2 text-brand-600">
                <f.icon className="size-6" />
              </div>
            }
            title={f.title}
            text={f.text}
          />
        ))}
      </div>
    </LandingSection>
  );
}
