import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { CheckList } from '../../components/check-list.tsx';
import { ProductShot } from '../../components/product-shot.tsx';

const highlights = [
  'MetaTrader 4 and MetaTrader 5',
  'No trading settings in the EA: just your license number',
  '14-day free trial of the Basic plan',
];

export function LandingHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-surface">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            TradingView → MetaTrader 4 / 5
          </p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
            Your TradingView alerts, executed in MetaTrader.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-muted">
            Point an alert's webhook at SignalRelay, attach our Expert Advisor to a chart, and every
            alert becomes a market order or a close on your MT4 or MT5 account, with the result and
            its timing in your signal history.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses('primary', 'lg')}>
              Try Free for 2 weeks
            </Link>
            <Link to="/docs" className={buttonClasses('outline', 'lg')}>
              Learn More
            </Link>
          </div>
          <CheckList
            items={highlights}
            className="mt-8 text-sm"
            iconClassName="mt-0.5 size-4 shrink-0 text-brand-600"
          />
        </div>
        <ProductShot screen="signal-history" eager caption />
      </div>
    </section>
  );
}
