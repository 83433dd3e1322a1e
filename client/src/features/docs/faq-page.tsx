import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { DocsPage, TabLink } from './docs-kit.tsx';

/** One category of questions under its heading. */
function FaqGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4 overflow-hidden rounded-xl border border-line bg-surface">
        {children}
      </div>
    </section>
  );
}

/** A question that opens and closes its answer; any number may be open at once. */
function Faq({
  q,
  open: openAtFirst = false,
  children,
}: {
  q: string;
  open?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(openAtFirst);
  const id = useId();
  return (
    <div className="border-b border-line last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          id={`${id}-question`}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:bg-surface-muted"
        >
          {q}
          <ChevronDownIcon
            className={cn(
              'size-5 shrink-0 text-ink-subtle transition-transform',
              open && 'rotate-180',
            )}
          />
        </button>
      </h3>
      <section
        id={`${id}-answer`}
        aria-labelledby={`${id}-question`}
        hidden={!open}
        className="px-5 pb-5 text-ink-muted leading-7 doc-inline"
      >
        <p>{children}</p>
      </section>
    </div>
  );
}

export function FaqPage() {
  return (
    <DocsPage
      title="Frequently Asked Questions"
      lead="Answers about setup, configuration and what to do when a signal does not trade."
    >
      <div className="not-prose space-y-10">
        <FaqGroup title="Getting Started">
          <Faq q="What does SignalRelay do?" open>
            It receives the webhook alerts your TradingView indicators and strategies send, and our
            Expert Advisor executes them as trades in MetaTrader 4 or 5. Your dashboard shows every
            signal with its result and timing, the EA's connection state and, with the OrderTracker
            EA, your order history and performance.
          </Faq>
          <Faq q="Which platforms are supported?">
            MetaTrader 4 and MetaTrader 5, with any broker that allows Expert Advisors. The MT5 EA
            receives signals over a live WebSocket connection; the MT4 EA polls over MetaTrader's
            web requests, as MT4 has no sockets. Set <code>platform</code> in the alert to send a
            signal only to terminals of one kind.
          </Faq>
          <Faq q="How long does setup take?">
            The <Link to="/docs/quick-start">Quick Start</Link> takes about five minutes once
            MetaTrader and TradingView are open. Allow 15 to 30 minutes the first time, including a
            test signal and a demo trade.
          </Faq>
          <Faq q="Do I need a paid TradingView plan?">
            Yes: TradingView sends webhooks from its Essential plan upwards. Support for its free
            plan is said to be coming.
          </Faq>
          <Faq q="What do the plans include?">
            Free shows your dashboard and 30 days of order history but does not transfer signals.
            Basic transfers 100 signals a day and keeps 90 days of order history, with a 14-day free
            trial. Pro transfers 500 signals a day and keeps order history without limit. Days run
            in US Eastern time; test signals never count.
          </Faq>
        </FaqGroup>
        <FaqGroup title="Installation & Setup">
          <Faq q="Where do I get the EA?">
            From the <TabLink tab="downloads" /> tab of your dashboard; see{' '}
            <Link to="/docs/download-ea">Download EA</Link> for which file you need.
          </Faq>
          <Faq q="Why must I add a URL in the MetaTrader options?">
            MetaTrader lets Expert Advisors talk only to addresses you list under{' '}
            <em>Tools → Options → Expert Advisors → Allow WebRequest for listed URL</em>, and no
            program can add itself. Add <code>{window.location.origin}</code> once per terminal.
          </Faq>
          <Faq q="Can I run the EA on several accounts?">
            Yes. Attach it in each terminal with the same license number: a signal goes to every
            connected terminal of your license (of the alert's <code>platform</code>, if it names
            one). Each account counts its own trades; the daily quota counts signals, not terminals.
          </Faq>
          <Faq q="Does my computer have to stay on?">
            Yes, MetaTrader must be running for the EA to trade. A VPS keeps it online around the
            clock; see <Link to="/docs/requirements">System Requirements</Link>. A signal no
            terminal receives within its lifetime (30 seconds by default) expires and is shown as
            'Signal Not Transferred' instead of being traded late.
          </Faq>
        </FaqGroup>
        <FaqGroup title="Configuration">
          <Faq q="Where are the trading settings of the EA?">
            In the alert message. The EA's only settings are your license number and the server
            address; symbol, action, volume, stop loss, take profit, trailing stop, break-even and
            risk sizing are fields of the JSON message described in{' '}
            <Link to="/docs/basic-config">Basic Configuration</Link>.
          </Faq>
          <Faq q="How do I size trades by risk?">
            Set <code>riskPercentage</code> and <code>slpoint</code>: the EA chooses the volume so
            that hitting the stop loss loses that percentage of your balance, rounded down to your
            broker's volume step. It overrides <code>lot</code>.
          </Faq>
          <Faq q="Are there limits such as a maximum lot size or daily loss?">
            Yes. In the dashboard's <TabLink tab="rules" /> tab set a max lot size, max daily loss
            (an amount or a percent of the day's starting balance, optionally closing every
            position), max open trades and max daily trades, as well as trading hours, allowed
            symbols and a symbol map (GOLD → XAUUSD). Max lot, open trades and daily loss may differ
            per trading account. A signal a rule stops is kept in Signal History with the reason and
            never executed. See <Link to="/docs/rules">Rules</Link>.
          </Faq>
          <Faq q="What if TradingView sends the same alert twice?">
            Add an <code>alertId</code> such as <code>{'{{strategy.order.id}}-{{timenow}}'}</code>:
            a repeat with the same id within 24 hours returns the first signal instead of trading
            again. Independently, the EA never executes the same signal twice.
          </Faq>
          <Faq q="Can I be told when a signal fails or the EA disconnects?">
            Yes. In the dashboard's Notifications tab choose the events (a failed or refused signal,
            the EA disconnected for a number of minutes, a second EA refused, the daily quota at 90%
            or used up, a daily summary) and send them by e-mail, Telegram, Discord or a signed
            webhook to your own server. See <Link to="/docs/notifications">Notifications</Link>.
          </Faq>
        </FaqGroup>
        <FaqGroup title="Troubleshooting">
          <Faq q="The dashboard says the EA is not connected.">
            Check that the terminal is running, the EA is on a chart with a blue icon, the license
            number matches and the URL is allowed for web requests. The{' '}
            <Link to="/docs/installation-troubleshooting">troubleshooting guide</Link> covers each
            case.
          </Faq>
          <Faq q="My alert fired but no trade opened.">
            Look the signal up in Signal History. An error status carries the broker's reason
            (market closed, not enough money, invalid volume or stops); 'Signal Not Transferred'
            means no terminal was connected; 'Signal Blocked by Quota' means the day's allowance is
            used or the plan is Free. No entry at all means the alert never reached us: check the
            webhook URL in the alert.
          </Faq>
          <Faq q="The symbol is not found at my broker.">
            The EA tries the name from the alert, then tradable names with a prefix or suffix (
            <code>EURUSD.m</code>, <code>EURUSDpro</code>). If your broker uses a different name
            altogether (for example <code>GOLD</code> for <code>XAUUSD</code>), write that name in
            the alert's <code>symbol</code>.
          </Faq>
          <Faq q="How do I get help?">
            Use the <Link to="/docs/support">support form</Link> with the last lines of the EA's{' '}
            <em>Experts</em> tab and the time of the signal. We reply within 24 hours.
          </Faq>
        </FaqGroup>
      </div>
    </DocsPage>
  );
}
