import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ContactLines } from '../../components/contact-lines.tsx';
import { BoltIcon, GlobeIcon, HeartIcon, ShieldIcon, SparkIcon } from '../../components/icons.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSiteInfo } from '../shared/site-info.ts';

const values = [
  {
    icon: ShieldIcon,
    title: 'Reliability',
    text: 'Every alert is stored before we answer TradingView, so nothing is lost between the chart and your history. The EA remembers the signals it has executed and never trades the same one twice, and a signal that could not be delivered within its lifetime expires instead of trading late.',
  },
  {
    icon: SparkIcon,
    title: 'Simplicity',
    text: 'The Expert Advisor needs only your license number and the address of this server. Symbol, size, stop loss, take profit, trailing stop, break-even and risk sizing all travel in the alert message you already write in TradingView.',
  },
  {
    icon: HeartIcon,
    title: 'Support',
    text: 'Step-by-step guides for installation, configuration and troubleshooting, a test tab in the dashboard that sends a signal without trading, and a support form that goes straight to the people who run the service.',
  },
  {
    icon: BoltIcon,
    title: 'Innovation',
    text: 'Signals are pushed to MetaTrader 5 over a WebSocket the moment they arrive, with a long-poll fallback for MetaTrader 4 and restricted networks. Each signal carries its own timings, so you can see where time was spent.',
  },
];

/** The spec's About figures (section 1), each with where a trader can check it. */
const facts = [
  {
    figure: '1 s',
    label: 'average latency',
    detail:
      'From TradingView to your terminal. Every signal in your history shows its own hop-by-hop timings.',
  },
  {
    figure: '99.9%',
    label: 'uptime',
    detail:
      'Alerts are stored before TradingView gets its answer, and a terminal that reconnects picks up what it missed.',
  },
  {
    figure: '1 business day',
    label: 'support response',
    detail: 'Questions about setup, billing or your account reach the people who run the service.',
  },
  {
    figure: '2025',
    label: 'service start',
    detail: 'Relaying TradingView alerts to MetaTrader 4 and 5 since 2025.',
  },
];

export function AboutPage() {
  useDocumentTitle('About');
  const info = useSiteInfo();

  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-surface">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            About SignalRelay
          </p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-ink sm:text-5xl">
            From the chart you trust to the terminal you trade on
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-ink-muted">
            SignalRelay is an independent service that turns TradingView alerts into orders on
            MetaTrader 4 and MetaTrader 5, and shows you what happened to each one.
          </p>
        </div>
      </section>

      <section aria-labelledby="mission" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <h2 id="mission" className="text-2xl font-semibold text-ink">
          Our mission
        </h2>
        <p className="mt-4 text-lg leading-8 text-ink-muted">
          Make automated execution of TradingView strategies on MetaTrader dependable and
          transparent: every alert accounted for, every result visible, and no setup beyond a
          license number and an alert message.
        </p>
      </section>

      <section aria-labelledby="values" className="bg-surface-muted">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="values" className="text-2xl font-semibold text-ink">
            What we value
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {values.map((v) => (
              <Card key={v.title} className="p-6">
                <v.icon className="size-7 text-brand-600" />
                <h3 className="mt-4 text-lg font-semibold text-ink">{v.title}</h3>
                <p className="mt-2 leading-7 text-ink-muted">{v.text}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="story" className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
        <h2 id="story" className="text-2xl font-semibold text-ink">
          Why we built it
        </h2>
        <div className="mt-4 space-y-4 text-lg leading-8 text-ink-muted">
          <p>
            We started SignalRelay in 2025 because traders who automate TradingView strategies kept
            running into the same problems: an alert fires on the chart but no trade appears and
            nothing says why; a retried webhook opens a second position; the broker calls the symbol{' '}
            <code>EURUSD.m</code> instead of <code>EURUSD</code>; a signal held up for minutes is
            executed at a price nobody wanted.
          </p>
          <p>
            SignalRelay is our answer to each of them. Alerts are recorded the moment they arrive
            and every step after that is visible in your dashboard. Repeated alerts and repeated
            deliveries are recognised and executed once. The EA matches your broker's symbol names,
            including prefixes and suffixes. And a signal that cannot reach your terminal in time
            expires rather than trading late.
          </p>
        </div>
      </section>

      <section aria-labelledby="numbers" className="bg-night text-slate-200">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="numbers" className="text-2xl font-semibold text-white">
            By the numbers
          </h2>
          <p className="mt-3 max-w-3xl text-slate-300">
            Figures you can hold us to: latency is recorded on every signal you send, hop by hop,
            and shown next to it in your signal history.
          </p>
          <dl className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {facts.map((f) => (
              <div key={f.label} className="rounded-xl border border-white/10 bg-white/5 p-5">
                <dt className="text-sm text-slate-300">{f.label}</dt>
                <dd className="mt-1 text-3xl font-semibold text-white">{f.figure}</dd>
                <dd className="mt-2 text-sm leading-6 text-slate-400">{f.detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="reach" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="reach" className="flex items-center gap-2 text-2xl font-semibold text-ink">
              <GlobeIcon className="size-6 text-brand-600" /> Global reach
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-ink-muted">
              <p>
                SignalRelay works with any broker that offers MetaTrader 4 or MetaTrader 5, wherever
                you trade from: the EA connects out to us over HTTPS, so there is nothing to open on
                your network. Forex, metals, indices, crypto CFDs: any symbol your broker lists in
                Market Watch can be traded.
              </p>
              <p>
                TradingView sends its webhooks from data centres in the United States. For the
                shortest path, run your terminal on a VPS close to your broker's trade server; our{' '}
                <Link to="/docs/requirements">system requirements</Link> page explains what to
                choose.
              </p>
            </div>
          </div>
          <Card className="p-6">
            <h2 className="text-xl font-semibold text-ink">Contact us</h2>
            <p className="mt-2 text-ink-muted">
              Questions about setup, billing or your account? Write to us: we answer within one
              business day.
            </p>
            <ul className="mt-5 space-y-3 text-sm">
              <ContactLines info={info} look="page" />
            </ul>
            <Link to="/docs/support" className={buttonClasses('outline', 'md', 'mt-6')}>
              Open the support page
            </Link>
          </Card>
        </div>
      </section>

      <section className="bg-brand-700">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6">
          <h2 className="text-3xl font-semibold text-white">Ready to automate your alerts?</h2>
          <div className="flex flex-wrap justify-center gap-3">
            <Link
              to="/signup"
              className={buttonClasses('secondary', 'lg', 'bg-white hover:bg-brand-50')}
            >
              Start your free trial
            </Link>
            <Link
              to="/docs"
              className={buttonClasses(
                'outline',
                'lg',
                'border-white/40 bg-transparent text-white hover:bg-white/10',
              )}
            >
              Read the docs
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
