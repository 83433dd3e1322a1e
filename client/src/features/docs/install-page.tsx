import { Link } from '@tanstack/react-router';
import { DocsPage, TabLink } from './docs-kit.tsx';
import { GuideStep, StepGuide } from './step-guide.tsx';

export function InstallPage() {
  const origin = window.location.origin;
  return (
    <DocsPage
      title="Install the EA on MetaTrader 4 or 5"
      lead="Seven steps from download to a connected EA. Mark each step as complete as you go; your progress is saved in this browser."
    >
      <StepGuide>
        <GuideStep title="Download the EA">
          <p>
            Download the zip for your terminal from the{' '}
            <Link to="/docs/download-ea">Download EA</Link> page (the same files are in your
            dashboard's <TabLink tab="downloads" /> tab): one for MetaTrader 5, one for MetaTrader
            4. Each holds the SignalRelay EA and the optional OrderTracker EA, laid out as the
            terminal's data folder.
          </p>
          <p>
            OrderTracker fills your dashboard's order history. It installs exactly the same way, on
            a chart of its own, with the same inputs. On MT4, set the terminal's{' '}
            <em>Account History</em> tab to <em>All History</em> so it can see older orders.
          </p>
        </GuideStep>
        <GuideStep title="Open your MetaTrader terminal">
          <p>
            Start MetaTrader 4 or 5 and log in to the trading account the EA should trade. We
            strongly recommend a demo account for your first run.
          </p>
          <p>
            Check the terminal build under <em>Help → About</em>: MT5 needs build 2280 or later, MT4
            build 1090 or later (see <Link to="/docs/requirements">requirements</Link>).
          </p>
        </GuideStep>
        <GuideStep title="Open the data folder">
          <p>
            In the terminal's menu choose <em>File → Open Data Folder</em>. A file explorer window
            opens on the folder where this terminal keeps its programs, settings and logs.
          </p>
          <p>
            Each terminal installation has its own data folder, so use this menu rather than
            browsing to <code>Program Files</code>.
          </p>
        </GuideStep>
        <GuideStep
          key="Copy the EA file into the Experts folder"
          title="Copy the EA file into the Experts folder"
        >
          <p>
            Extract the zip into the data folder you just opened, letting it merge with the folders
            already there. It adds:
          </p>
          <ul>
            <li>
              MetaTrader 5: <code>MQL5\Experts\SignalRelay.mq5</code>, <code>OrderTracker.mq5</code>{' '}
              and <code>MQL5\Include\SignalRelay</code>
            </li>
            <li>
              MetaTrader 4: the same under <code>MQL4</code>, with <code>.mq4</code> files
            </li>
          </ul>
          <p>
            When this server has a compiled build, the zip also holds <code>SignalRelay.ex5</code>{' '}
            (MT4: <code>.ex4</code>) next to the source, and the next step has nothing to compile.
          </p>
        </GuideStep>
        <GuideStep
          key="Compile, then refresh the Navigator"
          title="Compile, then refresh the Navigator"
        >
          <p>
            Press <em>F4</em> in the terminal to open MetaEditor, open{' '}
            <code>Experts\SignalRelay.mq5</code> (MT4: <code>.mq4</code>) and press <em>Compile</em>{' '}
            (<em>F7</em>). The Errors tab must end with <em>0 errors</em>;{' '}
            <code>SignalRelay.ex5</code> appears next to the source. Do the same for OrderTracker if
            you use it. Skip this when the zip already held the compiled files.
          </p>
          <p>
            Back in the terminal, right-click <em>Expert Advisors</em> in the Navigator window (
            <em>Ctrl+N</em>) and choose <em>Refresh</em>: <em>SignalRelay</em> now appears there.
          </p>
        </GuideStep>
        <GuideStep title="Configure the EA">
          <p>
            Drag <em>SignalRelay</em> from the Navigator onto one chart (any symbol; the EA trades
            whatever symbol each alert names). In the window that opens:
          </p>
          <ul>
            <li>
              <em>Common</em> tab: tick <em>Allow Algo Trading</em> (MT4:{' '}
              <em>Allow live trading</em>).
            </li>
            <li>
              <em>Inputs</em> tab: paste your license number from the dashboard into{' '}
              <code>LicenseNumber</code>, and make sure <code>ServerUrl</code> is{' '}
              <code>{origin}</code>.
            </li>
          </ul>
          <p>
            Turn on the <em>Algo Trading</em> button in the toolbar (MT4: <em>AutoTrading</em>).
            Then open <em>Tools → Options → Expert Advisors</em>, tick{' '}
            <em>Allow algorithmic trading</em> and <em>Allow WebRequest for listed URL</em>, add{' '}
            <code>{origin}</code> (exactly as in <code>ServerUrl</code>) and press <em>OK</em>. The
            EA cannot reach us without this entry, and MetaTrader does not let a program add it by
            itself.
          </p>
        </GuideStep>
        <GuideStep title="Test the connection">
          <p>
            The EA's icon in the chart's top-right corner is blue (MT4: a smiling face) when it is
            allowed to trade; grey means algo trading is off. Open the <em>Experts</em> tab of the
            Toolbox (<em>Ctrl+T</em>): within a few seconds it shows a line like{' '}
            <code>SignalRelay: connected to {origin} over WebSocket</code> (MT4: over HTTPS
            long-poll), and the chart's top-left corner shows the same state.
          </p>
          <p>
            In your dashboard the EA indicator turns green. Send a signal from the{' '}
            <TabLink tab="signal-test" /> tab: the Experts tab shows it received and then{' '}
            <code>skipped: Test signal: logged, not traded</code>. If anything is off, see{' '}
            <Link to="/docs/installation-troubleshooting">Troubleshooting</Link>.
          </p>
        </GuideStep>
      </StepGuide>
    </DocsPage>
  );
}
