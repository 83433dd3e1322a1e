import { Link } from '@tanstack/react-router';
import { Callout, DocsPage, DocTable } from './docs-kit.tsx';

const hardware = [
  [
    'Operating system',
    'Windows 7 or later, Windows Server 2008 R2 or later, or Wine on macOS / Linux',
    'Windows 10 or 11, 64-bit',
  ],
  ['Processor', '1 GHz', 'Intel Core i5 or AMD Ryzen 5'],
  ['Memory', '2 GB RAM', '8 GB RAM'],
  ['Disk', '500 MB free', 'SSD'],
  ['Internet', 'At least 1 Mbps; latency under 100 ms preferred', '10 Mbps or more'],
];

const vps = [
  ['CPU', '1 vCPU'],
  ['Memory', '2 GB RAM'],
  ['Disk', '20 GB SSD'],
  ['Operating system', 'Windows Server'],
  ['Provider uptime', '99.9% or better'],
];

export function RequirementsPage() {
  return (
    <DocsPage
      title="System Requirements"
      lead="What the computer or VPS running MetaTrader needs for the SignalRelay EA. These are guidelines, not checks: the EA runs wherever MetaTrader runs well."
    >
      <h2>Hardware and operating system</h2>
      <DocTable head={['Component', 'Minimum', 'Recommended']} rows={hardware} rowHeaders />
      <p>
        Each terminal with the EA attached uses little CPU while it waits for signals; memory and
        disk use are those of MetaTrader itself, which grow with the number of open charts and the
        history it keeps.
      </p>

      <h2>MetaTrader</h2>
      <ul>
        <li>
          <strong>MetaTrader 4</strong> build 1090 or later, or <strong>MetaTrader 5</strong> build
          2280 or later (<em>Help → About</em> shows the build).
        </li>
        <li>
          Expert Advisors enabled: the <em>Algo Trading</em> button (MT4: <em>AutoTrading</em>) on,
          and <em>Allow Algo Trading</em> ticked in the EA's <em>Common</em> tab.
        </li>
        <li>
          The SignalRelay address allowed for web requests:{' '}
          <em>Tools → Options → Expert Advisors → Allow WebRequest for listed URL</em>, with{' '}
          <code>{window.location.origin}</code> in the list.
        </li>
        <li>
          <strong>No DLL imports</strong>: the EAs use only MetaTrader's built-in network and
          trading functions, so leave <em>Allow DLL imports</em> off.
        </li>
        <li>
          An account your broker allows to trade by Expert Advisor (most do; some prop-firm and
          contest accounts do not).
        </li>
      </ul>

      <h2>Running on a VPS</h2>
      <p>
        Signals can only be executed while the terminal is running and connected. A virtual private
        server keeps it online around the clock, independent of your own computer and connection.
      </p>
      <DocTable head={['VPS resource', 'Minimum']} rows={vps} rowHeaders />
      <ul>
        <li>
          Choose a data centre close to your broker's trade server: order execution time depends on
          that distance far more than on anything else.
        </li>
        <li>Give each terminal its own installation folder if you run several accounts.</li>
        <li>
          Connect with Remote Desktop and <em>disconnect</em> rather than log off when you leave, so
          the terminal keeps running.
        </li>
      </ul>

      <h2>Tips for reliable operation</h2>
      <ul>
        <li>
          Turn off sleep and hibernation, and schedule Windows updates outside market hours so a
          restart does not stop the terminal mid-week.
        </li>
        <li>
          Add MetaTrader to Windows' start-up programs so it comes back after a restart; the EA
          reconnects by itself when the terminal starts with the chart it is attached to.
        </li>
        <li>Keep the computer's clock synchronised with an internet time server.</li>
        <li>
          Watch the dashboard's EA indicator: it shows green only while the EA has been in touch
          within the last few seconds.
        </li>
      </ul>

      <Callout title="Before trading real money">
        <p>
          Run the <Link to="/docs/install-mt4-5">installation guide</Link> on a demo account first
          and send a few alerts end to end.
        </p>
      </Callout>
    </DocsPage>
  );
}
