import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Callout, DocsPage } from './docs-kit.tsx';

/** `downloads`: the EA cards, given by the route (they belong to the downloads feature). */
export function DownloadPage({ downloads }: { downloads: ReactNode }) {
  return (
    <DocsPage
      title="Download the EA"
      lead="Two Expert Advisors for each platform: SignalRelay executes your alerts, OrderTracker reports your orders. The license number they need is in your dashboard."
    >
      <div className="not-prose my-6">{downloads}</div>

      <h2>Which files do I need?</h2>
      <ul>
        <li>
          <strong>SignalRelay EA</strong> for the platform you trade on: required for signal
          transfer. Attach it to one chart per account.
        </li>
        <li>
          <strong>OrderTracker EA</strong>: optional. Attach it to another chart of the same
          terminal to see your orders, win rate and profit in the dashboard.
        </li>
      </ul>
      <p>
        Each zip is laid out as the terminal's data folder: extract it there and the EAs land in{' '}
        <code>MQL5\Experts</code> (MT4: <code>MQL4\Experts</code>) with their code in{' '}
        <code>Include\SignalRelay</code>. When the release box says <em>Sources only</em>, this
        server has no compiled build: MetaEditor compiles the EA in one click (<em>F7</em>), as step
        2 shows. The zip's <code>SignalRelay-INSTALL.txt</code> repeats the steps.
      </p>

      <Callout tone="warning" title="Two settings in MetaTrader">
        <p>
          <strong>Enable automated trading</strong>: the <em>Algo Trading</em> button in the toolbar
          (MT4: <em>AutoTrading</em>) and <em>Allow Algo Trading</em> in the EA's <em>Common</em>{' '}
          tab.
        </p>
        <p>
          <strong>Allow the webhook URL</strong>: under <em>Tools → Options → Expert Advisors</em>{' '}
          tick <em>Allow WebRequest for listed URL</em> and add{' '}
          <code>{window.location.origin}</code>.
        </p>
      </Callout>

      <p>
        Next: <Link to="/docs/install-mt4-5">install the EA step by step</Link>.
      </p>
    </DocsPage>
  );
}
