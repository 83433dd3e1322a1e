import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CheckList } from '../../components/check-list.tsx';
import { cn } from '../../lib/cn.ts';
import { Callout, DocsPage, TabLink } from './docs-kit.tsx';

/** A problem: its symptoms (bulleted), then its fixes (numbered, in order). */
function ProblemCard({
  id,
  title,
  symptoms,
  fixes,
}: {
  id: string;
  title: string;
  symptoms: ReactNode[];
  fixes: ReactNode[];
}) {
  const columns = [
    { heading: 'What you see', items: symptoms, List: 'ul', list: 'list-disc' },
    { heading: 'How to fix it', items: fixes, List: 'ol', list: 'list-decimal doc-inline' },
  ] as const;
  return (
    <section
      aria-labelledby={id}
      className="not-prose my-6 rounded-2xl border border-line bg-surface p-6 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {columns.map(({ heading, items, List, list }) => (
          <div key={heading}>
            <h3 className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
              {heading}
            </h3>
            <List className={cn('mt-2 space-y-1.5 pl-5 text-sm leading-6 text-ink-muted', list)}>
              {items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
                <li key={i}>{item}</li>
              ))}
            </List>
          </div>
        ))}
      </div>
    </section>
  );
}

export function TroubleshootingPage() {
  const origin = window.location.origin;
  const checklist = [
    'The Algo Trading button (MT4: AutoTrading) in the toolbar is on.',
    "The EA is attached to a chart and its icon in the chart's top-right corner is blue (MT4: a smiling face).",
    'The license number in the EA’s LicenseNumber input matches the one in your dashboard, with no extra spaces.',
    `${origin} is listed under Tools → Options → Expert Advisors → Allow WebRequest for listed URL.`,
    'The dashboard shows the EA as connected (green indicator in Signal History).',
    'Your plan transfers signals (Basic or Pro) and today’s quota is not used up.',
    'The alert’s symbol exists in Market Watch and the market is open.',
  ];

  return (
    <DocsPage
      title="Installation Troubleshooting"
      lead="Most problems come down to one setting in MetaTrader. Run through the checklist first, then find your symptom below."
    >
      <h2>Quick checklist</h2>
      <CheckList items={checklist} className="not-prose my-4" />
      <p>
        The <em>Experts</em> and <em>Journal</em> tabs of MetaTrader's Toolbox (<em>Ctrl+T</em>) say
        what the EA is doing; the EA writes a plain-language line for every setup problem it
        detects.
      </p>

      <ProblemCard
        id="ea-not-loading"
        title="EA not loading"
        symptoms={[
          'SignalRelay is missing from the Navigator under Expert Advisors.',
          'The EA is on the chart but its icon (the academic cap in MT5) is grey.',
          'The Experts tab shows the EA being removed right after you attach it.',
        ]}
        fixes={[
          <>
            Check the file is in the right folder: <code>MQL5\Experts</code> for MT5,{' '}
            <code>MQL4\Experts</code> for MT4, inside the folder opened by{' '}
            <em>File → Open Data Folder</em>.
          </>,
          <>
            Right-click <em>Expert Advisors</em> in the Navigator and choose <em>Refresh</em>, or
            restart the terminal.
          </>,
          <>
            A grey icon means algo trading is off: turn on the <em>Algo Trading</em> button and tick{' '}
            <em>Allow Algo Trading</em> in the EA's <em>Common</em> tab (right-click the chart →{' '}
            <em>Expert list</em> → <em>Properties</em>).
          </>,
          <>
            If you copied a source file (<code>.mq5</code>/<code>.mq4</code>), compile it in
            MetaEditor (<em>F7</em>) and check the build is 2280+ (MT5) or 1090+ (MT4).
          </>,
        ]}
      />

      <ProblemCard
        id="connection-problems"
        title="Connection problems"
        symptoms={[
          <>
            'Connection failed' or 'Connection Error' in the Experts tab, repeated while the EA
            retries.
          </>,
          <>
            <code>is not in the terminal's allowed URLs</code> in the Experts tab, with a pop-up
            alert.
          </>,
          <>
            <code>the license number ****… was not accepted</code> in the Experts tab.
          </>,
          'The dashboard keeps showing the EA as not connected.',
        ]}
        fixes={[
          <>
            Add <code>{origin}</code> under{' '}
            <em>Tools → Options → Expert Advisors → Allow WebRequest for listed URL</em>, exactly as
            in the EA's <code>ServerUrl</code> input, then press <em>OK</em>. The EA keeps retrying,
            so this is usually enough.
          </>,
          'If it still does not connect, restart the terminal and attach the EA to the chart again.',
          <>
            If the license was not accepted, copy it again from the dashboard into{' '}
            <code>LicenseNumber</code> (it changes when you regenerate it).
          </>,
          <>
            Check the internet connection, and that no firewall, antivirus or proxy blocks the
            terminal's HTTPS connections. <code>WebSocket unavailable; using HTTPS long-poll</code>{' '}
            needs no action: signals still arrive.
          </>,
        ]}
      />

      <ProblemCard
        id="trades-not-executing"
        title="Trades not executing"
        symptoms={[
          'Alerts appear in Signal History with an error, for example "Invalid trade parameters".',
          'The broker rejects the order: market closed, not enough money, invalid volume or invalid stops.',
          <>
            'Signal Not Transferred': no terminal received the signal within its lifetime (30 s by
            default).
          </>,
          <>'Signal Blocked by Quota': the daily allowance is used up, or the plan is Free.</>,
        ]}
        fixes={[
          <>
            Send a signal from the dashboard's <TabLink tab="signal-test" /> tab: if it arrives, the
            connection is fine and the problem is in the alert or at the broker.
          </>,
          'Check the trading hours of the symbol: orders sent while the market is closed are refused.',
          "Check the lot size against the symbol's minimum, maximum and step (Market Watch → right-click → Specification), and that free margin covers it.",
          <>
            Check the symbol is available in Market Watch. The EA finds names with a broker prefix
            or suffix (<code>EURUSD.m</code>), but not a different instrument name altogether.
          </>,
          <>
            Stop loss and take profit must be further from the price than the broker's stop level;
            see the units in <Link to="/docs/basic-config">Basic Configuration</Link>.
          </>,
        ]}
      />

      <h2>Warnings under “Your terminals”</h2>
      <p>
        The EA reports what it sees in the terminal, and the dashboard shows it under{' '}
        <em>Your terminals</em> in Signal History while the EA is connected. Each warning links
        here.
      </p>

      <ProblemCard
        id="autotrading-off"
        title="AutoTrading is off"
        symptoms={[
          'The warning “AutoTrading is off” under your terminal.',
          'Signals arrive but are refused with “AutoTrading is off: press the Algo Trading button”.',
        ]}
        fixes={[
          <>
            Press <em>Algo Trading</em> (MT4: <em>AutoTrading</em>) in the terminal's toolbar so it
            turns green.
          </>,
          <>
            If the warning says the EA itself may not trade, open its properties (<em>F7</em> on the
            chart), <em>Common</em> tab, and tick <em>Allow Algo Trading</em> (MT4:{' '}
            <em>Allow live trading</em>).
          </>,
          'The warning goes away within seconds of the fix; nothing needs restarting.',
        ]}
      />

      <ProblemCard
        id="account-trading-off"
        title="Trading is not allowed on this account"
        symptoms={[
          'The warning “Trading is not allowed on this account” under your terminal.',
          'Every signal is refused with “Trading is disabled for this account”.',
        ]}
        fixes={[
          'Log in with the trading (master) password, not the investor (read-only) password.',
          'If the broker does not allow automated trading on this account type, ask the broker to enable it or use an account that allows EAs.',
        ]}
      />

      <ProblemCard
        id="market-closed"
        title="Market closed"
        symptoms={[
          'The warning “Market closed: XAUUSD” under your terminal.',
          'Signals for that symbol are refused with “Market closed”.',
        ]}
        fixes={[
          "Check the symbol's trading sessions (Market Watch → right-click → Specification). Signals sent outside them cannot be executed.",
          'The warning clears as soon as a trade on that symbol goes through, or after an hour.',
        ]}
      />

      <ProblemCard
        id="outdated-ea"
        title="The EA is out of date"
        symptoms={[
          'The warning “EA 1.0.0 is out of date” under your terminal.',
          'The Downloads tab shows a newer release than the EA on your chart reports.',
        ]}
        fixes={[
          <>
            Download the new release from the dashboard's <TabLink tab="downloads" /> tab and unzip
            it into the terminal's data folder (<em>File → Open Data Folder</em>), replacing the old
            files.
          </>,
          <>
            Open <code>Experts\SignalRelay.mq5</code> (MT4: <code>.mq4</code>) in MetaEditor (
            <em>F4</em>) and press <em>Compile</em> (<em>F7</em>).
          </>,
          'Remove the EA from its chart and attach it again: the warning goes away once the new version connects.',
        ]}
      />

      <ProblemCard
        id="second-ea-refused"
        title="A second EA for the account was refused"
        symptoms={[
          'The warning “A second EA for account … was refused” under your terminal.',
          <>
            In the refused terminal's Experts tab:{' '}
            <code>Another SignalRelay EA already trades account … (EURUSD,H1)</code>, and its chart
            says <em>idle</em>.
          </>,
        ]}
        fixes={[
          'Two copies of the EA run for one trading account (two charts, two terminals or a VPS and your PC). Only one may trade, so no signal is executed twice.',
          'Remove the EA from the chart you do not need. If you moved to a VPS, close the EA on your PC.',
          'The refused copy takes over by itself within 15 seconds of the other one stopping.',
        ]}
      />

      <Callout title="Still stuck?">
        <p>
          Copy the last lines of the Experts tab and send them to us through the{' '}
          <Link to="/docs/support">support form</Link>; the <Link to="/docs/faq">FAQ</Link> may also
          have your answer.
        </p>
      </Callout>
    </DocsPage>
  );
}
