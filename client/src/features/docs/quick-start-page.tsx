import { Link } from '@tanstack/react-router';
import { Callout, CodeBlock, DocsPage, Step, StepList, TabLink, webhookUrl } from './docs-kit.tsx';

const exampleMessage = `{
  "licenseNumber": "YOUR-LICENSE-NUMBER",
  "symbol": "{{ticker}}",
  "position": "buy",
  "lot": 0.01,
  "slpoint": 200,
  "tppoint": 400,
  "platform": "mt5"
}`;

export function QuickStartPage() {
  return (
    <DocsPage
      title="Quick Start"
      lead="From sign-up to your first automated trade in five steps. With MetaTrader and TradingView already open, it takes about five minutes."
    >
      <h2>Before you start</h2>
      <ul>
        <li>
          <strong>MetaTrader 4 or 5</strong> installed and logged in to your broker account (start
          with a demo account). See the <Link to="/docs/requirements">system requirements</Link>.
        </li>
        <li>
          <strong>A TradingView account that can send webhook alerts</strong>: webhooks need a paid
          TradingView plan (Essential or higher); support for its free plan is said to be coming.
        </li>
        <li>
          <strong>A SignalRelay subscription or the 14-day trial</strong>: the free plan shows your
          history but does not transfer signals.
        </li>
        <li>
          <strong>A stable internet connection</strong> for the computer or VPS running the
          terminal.
        </li>
      </ul>

      <h2>Five steps</h2>
      <StepList>
        <Step title="Download the EA">
          <p>
            Open the <Link to="/docs/download-ea">Download EA</Link> page (or the{' '}
            <TabLink tab="downloads" /> tab of your dashboard) and take the SignalRelay EA for your
            platform (<code>.ex5</code> for MT5, <code>.ex4</code> for MT4), and the OrderTracker EA
            too if you want your order history in the dashboard.
          </p>
        </Step>
        <Step title="Install and configure it">
          <p>
            In MetaTrader choose <em>File → Open Data Folder</em>, copy the file into{' '}
            <code>MQL5\Experts</code> (MT4: <code>MQL4\Experts</code>) and restart the terminal.
            Drag the EA onto any chart, tick <em>Allow Algo Trading</em>, and paste your license
            number from the dashboard into its <code>LicenseNumber</code> input (
            <code>ServerUrl</code> must be <code>{window.location.origin}</code>).
          </p>
          <p>
            Then open <em>Tools → Options → Expert Advisors</em>, tick{' '}
            <em>Allow WebRequest for listed URL</em> and add <code>{window.location.origin}</code>.
            The <Link to="/docs/install-mt4-5">installation guide</Link> walks through every click.
          </p>
        </Step>
        <Step title="Configure the trade parameters in JSON">
          <p>
            The EA has no trading settings: each alert message says what to do. A message that buys
            0.01 lots with a 200-point stop loss and a 400-point take profit:
          </p>
          <CodeBlock code={exampleMessage} />
          <p>
            Every parameter, its unit and default is in{' '}
            <Link to="/docs/basic-config">Basic Configuration</Link>.
          </p>
        </Step>
        <Step title="Test with an alert">
          <p>
            In the dashboard's <TabLink tab="signal-test" /> tab, send a test signal: it travels the
            whole way to your EA, which logs it in the <em>Experts</em> tab without trading. Then
            create a real TradingView alert with the webhook URL <code>{webhookUrl()}</code> on a
            demo account (see <Link to="/docs/tradingview-alert-setup">Alert Setup</Link>) and watch
            it arrive in Signal History.
          </p>
        </Step>
        <Step title="Go live">
          <p>
            When test and demo trades behave as you expect, attach the EA to your live account's
            terminal, start with small sizes and keep an eye on Signal History for the first days.
            Keep the terminal running: signals that reach no terminal within their lifetime (30
            seconds by default) expire instead of trading late.
          </p>
        </Step>
      </StepList>

      <Callout title="Need help?">
        <p>
          Open your <Link to="/dashboard">dashboard</Link> to check the EA connection indicator and
          Signal History, read <Link to="/docs/installation-troubleshooting">Troubleshooting</Link>,
          or <Link to="/docs/support">contact support</Link>.
        </p>
      </Callout>
    </DocsPage>
  );
}
