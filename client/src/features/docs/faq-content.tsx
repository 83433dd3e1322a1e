import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TabLink } from './docs-kit.tsx';

export type FaqItem = { q: string; a: ReactNode };
export type FaqCategory = { title: string; items: FaqItem[] };

export const faqCategories: FaqCategory[] = [
  {
    title: 'Getting Started',
    items: [
      {
        q: 'What does SignalRelay do?',
        a: (
          <p>
            It receives the webhook alerts your TradingView indicators and strategies send, and our
            Expert Advisor executes them as trades in MetaTrader 4 or 5. Your dashboard shows every
            signal with its result and timing, the EA's connection state and, with the OrderTracker
            EA, your order history and performance.
          </p>
        ),
      },
      {
        q: 'Which platforms are supported?',
        a: (
          <p>
            MetaTrader 4 and MetaTrader 5, with any broker that allows Expert Advisors. The MT5 EA
            receives signals over a live WebSocket connection; the MT4 EA polls over MetaTrader's
            web requests, as MT4 has no sockets. Set <code>platform</code> in the alert to send a
            signal only to terminals of one kind.
          </p>
        ),
      },
      {
        q: 'How long does setup take?',
        a: (
          <p>
            The <Link to="/docs/quick-start">Quick Start</Link> takes about five minutes once
            MetaTrader and TradingView are open. Allow 15 to 30 minutes the first time, including a
            test signal and a demo trade.
          </p>
        ),
      },
      {
        q: 'Do I need a paid TradingView plan?',
        a: (
          <p>
            Yes: TradingView sends webhooks from its Essential plan upwards. Support for its free
            plan is said to be coming.
          </p>
        ),
      },
      {
        q: 'What do the plans include?',
        a: (
          <p>
            Free shows your dashboard and 30 days of order history but does not transfer signals.
            Basic transfers 100 signals a day and keeps 90 days of order history, with a 14-day free
            trial. Pro transfers 500 signals a day and keeps order history without limit. Days run
            in US Eastern time; test signals never count.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Installation & Setup',
    items: [
      {
        q: 'Where do I get the EA?',
        a: (
          <p>
            From the <TabLink tab="downloads" /> tab of your dashboard; see{' '}
            <Link to="/docs/download-ea">Download EA</Link> for which file you need.
          </p>
        ),
      },
      {
        q: 'Why must I add a URL in the MetaTrader options?',
        a: (
          <p>
            MetaTrader lets Expert Advisors talk only to addresses you list under{' '}
            <em>Tools → Options → Expert Advisors → Allow WebRequest for listed URL</em>, and no
            program can add itself. Add <code>{window.location.origin}</code> once per terminal.
          </p>
        ),
      },
      {
        q: 'Can I run the EA on several accounts?',
        a: (
          <p>
            Yes. Attach it in each terminal with the same license number: a signal goes to every
            connected terminal of your license (of the alert's <code>platform</code>, if it names
            one). Each account counts its own trades; the daily quota counts signals, not terminals.
          </p>
        ),
      },
      {
        q: 'Does my computer have to stay on?',
        a: (
          <p>
            Yes, MetaTrader must be running for the EA to trade. A VPS keeps it online around the
            clock; see <Link to="/docs/requirements">System Requirements</Link>. A signal no
            terminal receives within its lifetime (30 seconds by default) expires and is shown as
            'Signal Not Transferred' instead of being traded late.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Configuration',
    items: [
      {
        q: 'Where are the trading settings of the EA?',
        a: (
          <p>
            In the alert message. The EA's only settings are your license number and the server
            address; symbol, action, volume, stop loss, take profit, trailing stop, break-even and
            risk sizing are fields of the JSON message described in{' '}
            <Link to="/docs/basic-config">Basic Configuration</Link>.
          </p>
        ),
      },
      {
        q: 'How do I size trades by risk?',
        a: (
          <p>
            Set <code>riskPercentage</code> and <code>slpoint</code>: the EA chooses the volume so
            that hitting the stop loss loses that percentage of your balance, rounded down to your
            broker's volume step. It overrides <code>lot</code>.
          </p>
        ),
      },
      {
        q: 'Are there limits such as a maximum lot size or daily loss?',
        a: (
          <p>
            Yes. In the dashboard's <TabLink tab="rules" /> tab set a max lot size, max daily loss
            (an amount or a percent of the day's starting balance, optionally closing every
            position), max open trades and max daily trades, as well as trading hours, allowed
            symbols and a symbol map (GOLD → XAUUSD). Max lot, open trades and daily loss may differ
            per trading account. A signal a rule stops is kept in Signal History with the reason and
            never executed. See <Link to="/docs/rules">Rules</Link>.
          </p>
        ),
      },
      {
        q: 'What if TradingView sends the same alert twice?',
        a: (
          <p>
            Add an <code>alertId</code> such as <code>{'{{strategy.order.id}}-{{timenow}}'}</code>:
            a repeat with the same id within 24 hours returns the first signal instead of trading
            again. Independently, the EA never executes the same signal twice.
          </p>
        ),
      },
      {
        q: 'Can I be told when a signal fails or the EA disconnects?',
        a: (
          <p>
            Yes. In the dashboard's Notifications tab choose the events (a failed or refused signal,
            the EA disconnected for a number of minutes, a second EA refused, the daily quota at 90%
            or used up, a daily summary) and send them by e-mail, Telegram, Discord or a signed
            webhook to your own server. See <Link to="/docs/notifications">Notifications</Link>.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Troubleshooting',
    items: [
      {
        q: 'The dashboard says the EA is not connected.',
        a: (
          <p>
            Check that the terminal is running, the EA is on a chart with a blue icon, the license
            number matches and the URL is allowed for web requests. The{' '}
            <Link to="/docs/installation-troubleshooting">troubleshooting guide</Link> covers each
            case.
          </p>
        ),
      },
      {
        q: 'My alert fired but no trade opened.',
        a: (
          <p>
            Look the signal up in Signal History. An error status carries the broker's reason
            (market closed, not enough money, invalid volume or stops); 'Signal Not Transferred'
            means no terminal was connected; 'Signal Blocked by Quota' means the day's allowance is
            used or the plan is Free. No entry at all means the alert never reached us: check the
            webhook URL in the alert.
          </p>
        ),
      },
      {
        q: 'The symbol is not found at my broker.',
        a: (
          <p>
            The EA tries the name from the alert, then tradable names with a prefix or suffix (
            <code>EURUSD.m</code>, <code>EURUSDpro</code>). If your broker uses a different name
            altogether (for example <code>GOLD</code> for <code>XAUUSD</code>), write that name in
            the alert's <code>symbol</code>.
          </p>
        ),
      },
      {
        q: 'How do I get help?',
        a: (
          <p>
            Use the <Link to="/docs/support">support form</Link> with the last lines of the EA's{' '}
            <em>Experts</em> tab and the time of the signal. We reply within 24 hours.
          </p>
        ),
      },
    ],
  },
];
