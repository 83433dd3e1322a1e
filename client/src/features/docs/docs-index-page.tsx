import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ArrowRightIcon, BoltIcon, DownloadIcon, SettingsIcon } from '../../components/icons.tsx';
import { type ProductScreen, ProductShot } from '../../components/product-shot.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

const cards = [
  {
    icon: BoltIcon,
    title: 'Quick Start',
    text: 'From sign-up to your first automated trade in five steps.',
    to: '/docs/quick-start',
  },
  {
    icon: DownloadIcon,
    title: 'Installation',
    text: 'Download the Expert Advisor and install it in MetaTrader 4 or 5, step by step.',
    to: '/docs/install-mt4-5',
  },
  {
    icon: SettingsIcon,
    title: 'Configuration',
    text: 'The alert message format: every parameter, its unit and default, with examples.',
    to: '/docs/basic-config',
  },
] as const;

/** Test first, then alerts, then trades: the order a new user meets the three tabs. */
const tour: ProductScreen[] = ['signal-test', 'signal-history', 'order-history'];

export function DocsIndexPage() {
  useDocumentTitle('Documentation');
  return (
    <div className="space-y-10">
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Documentation
        </p>
        <h1 className="mt-2 text-3xl font-semibold text-ink sm:text-4xl">
          Automate TradingView alerts on MetaTrader
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-muted">
          SignalRelay receives your TradingView webhook alerts and hands them to our Expert Advisor
          (EA) in MetaTrader 4 or 5, which places or closes the trade and reports the result back to
          your dashboard. These pages cover installing the EA, writing alert messages and fixing
          what can go wrong.
        </p>
        <Link to="/docs/quick-start" className={buttonClasses('primary', 'lg', 'mt-6')}>
          Quick Start <ArrowRightIcon className="size-4" />
        </Link>
      </header>

      <section aria-labelledby="docs-tour">
        <h2 id="docs-tour" className="text-xl font-semibold text-ink">
          What you will see in the dashboard
        </h2>
        <div className="mt-5 grid gap-6 md:grid-cols-3">
          {tour.map((screen) => (
            <ProductShot key={screen} screen={screen} caption />
          ))}
        </div>
      </section>

      <div className="grid gap-5 md:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.title} className="flex flex-col p-6">
            <c.icon className="size-7 text-brand-600" />
            <h2 className="mt-4 text-lg font-semibold text-ink">{c.title}</h2>
            <p className="mt-2 flex-1 text-sm leading-6 text-ink-muted">{c.text}</p>
            <Link
              to={c.to}
              className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              Read {c.title.toLowerCase()} <ArrowRightIcon className="size-4" />
            </Link>
          </Card>
        ))}
      </div>
    </div>
  );
}
