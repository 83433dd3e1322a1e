import { alertSchemaPath } from '@signalrelay/contracts/alert-json-schema';
import { Link } from '@tanstack/react-router';
import { CheckList } from '../../components/check-list.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../stores/session-store.ts';
import { alertExamples, exampleJson } from './alert-examples.ts';
import { alertParameters } from './alert-parameters.ts';
import { Callout, CodeBlock, DocsPage, WebhookUrlBox } from './docs-kit.tsx';
import { PipsTable } from './pips-table.tsx';

const parameters = alertParameters();

/** A parameter table cell; on a phone a block led by its column name (`data-label`). */
const stackedCell =
  'px-3 py-2.5 text-ink-muted max-sm:block max-sm:py-1 max-sm:before:font-sans max-sm:before:font-medium max-sm:before:text-ink max-sm:before:content-[attr(data-label)]';

const dos = [
  'Validate the message as JSON before saving the alert: double quotes around names and text, no trailing commas.',
  'Use the symbol as your broker names it, or the TradingView name without the exchange: the EA also finds broker names with a prefix or suffix (EURUSD.m, EURUSDpro).',
  'Send a test from the dashboard and trade on a demo account before going live.',
  'Add an alertId built from {{strategy.order.id}} and {{timenow}} so a resent alert cannot open a second trade.',
  'Set a stop loss (slpoint) on every entry, and always with riskPercentage.',
];

const donts = [
  'Do not paste your license number anywhere but the alert message and the EA input; anyone who has it can trade your account through SignalRelay. If it leaks, regenerate it in the dashboard.',
  'Do not confuse points and pips: on 5-digit forex quotes 1 pip = 10 points.',
  "Do not map TradingView's {{strategy.order.contracts}} to lot: TradingView counts units, MetaTrader counts lots.",
  'Do not send more than one signal per bar for the same symbol unless you mean to: each one trades.',
];

export function BasicConfigPage() {
  const licenseNumber = useSession((s) => s.user?.licenseNumber);
  const first = alertExamples[0]!;

  return (
    <DocsPage
      title="Basic Configuration"
      lead="Everything a trade needs travels in the TradingView alert message: one JSON object with your license number, the symbol, the action and optional risk settings. The EA itself has no trading parameters."
    >
      <h2 id="format">Message format</h2>
      <p>
        TradingView sends the alert's <em>Message</em> box as the body of a web request to your
        webhook URL:
      </p>
      <WebhookUrlBox />
      <p>
        The message must be a single JSON object. A complete message for a buy order
        {licenseNumber ? ', with your license number filled in' : ''}:
      </p>
      <CodeBlock code={exampleJson(first, licenseNumber)} />
      <p>The server reads it leniently, so these variations are accepted as well:</p>
      <ul>
        <li>
          numbers written as text (<code>"lot": "0.1"</code>), as TradingView placeholders produce
          them,
        </li>
        <li>
          <code>position</code> in any letter case, with <code>long</code> and <code>short</code>{' '}
          meaning <code>buy</code> and <code>sell</code>,
        </li>
        <li>
          an exchange prefix on the symbol (<code>OANDA:EURUSD</code> becomes <code>EURUSD</code>),
        </li>
        <li>and unknown fields, which are ignored.</li>
      </ul>
      <p>
        A message that breaks a rule is refused with an error that names the field, for example{' '}
        <code>lot: must be greater than 0 for buy and sell (or set riskPercentage)</code>, and
        nothing is traded. The dashboard's Signal Test tab shows the same errors when you send a
        test.
      </p>

      <h2 id="parameters">Parameters</h2>
      <p>
        This table is generated from the same definition the server validates alerts with, so it
        always matches what the server accepts.
      </p>
      {/* On a phone each parameter is a stacked block with labelled values: four columns of
          prose would not fit, and a sideways-scrolling table hides the description. */}
      <div className="not-prose my-4 overflow-hidden rounded-xl border border-line">
        <table className="w-full border-collapse text-sm max-sm:block">
          <thead className="bg-surface-muted text-left max-sm:sr-only">
            <tr>
              {['Parameter', 'Values', 'Default', 'Description'].map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold text-ink">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line max-sm:block">
            {parameters.map((p) => (
              <tr key={p.name} className="align-top max-sm:block max-sm:py-2">
                <th
                  scope="row"
                  className="px-3 py-2.5 text-left font-normal max-sm:block max-sm:py-1"
                >
                  <code className="font-mono text-ink">{p.name}</code>
                  {p.required && (
                    <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">
                      required
                    </span>
                  )}
                </th>
                <td data-label="Values: " className={stackedCell}>
                  {p.allowed ? p.allowed.join(', ') : p.type}
                  {p.range && <span className="block text-xs text-ink-subtle">{p.range}</span>}
                  {p.positions && (
                    <span className="block text-xs text-ink-subtle">
                      only on {p.positions.join(', ')}
                    </span>
                  )}
                </td>
                <td data-label="Default: " className={cn(stackedCell, 'font-mono text-xs')}>
                  {p.default ?? '—'}
                </td>
                <td className={stackedCell}>{p.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>Rules between parameters</h3>
      <ul>
        <li>
          <code>buy</code>, <code>sell</code> and the pending orders need a <code>symbol</code> and
          either <code>lot</code>, <code>riskPercentage</code> or <code>riskAmount</code> above 0.
          Pending orders (<code>buylimit</code>, <code>selllimit</code>, <code>buystop</code>,{' '}
          <code>sellstop</code>) also need their entry <code>price</code>.
        </li>
        <li>
          <code>riskPercentage</code> and <code>riskAmount</code> need a stop loss: the risk is the
          loss at the stop loss.
        </li>
        <li>
          Give the stop loss in one unit (<code>slpoint</code>, <code>slpips</code> or{' '}
          <code>slprice</code>) and the take profit in one (<code>tppoint</code>,{' '}
          <code>tppips</code>, <code>tpprice</code> or <code>tps</code>): two units are refused,
          naming both.
        </li>
        <li>
          <code>closebuy</code>, <code>closesell</code>, <code>cancel</code> and <code>modify</code>{' '}
          need a <code>symbol</code>; <code>closeall</code> without a symbol closes every position
          the EA opened on the account. <code>modify</code> needs a stop loss or take profit to set.
        </li>
        <li>
          A parameter marked "only on" is refused on other positions. A refused alert is answered
          with every problem at once.
        </li>
        <li>
          The commands beyond buy, sell and the closes need EA version 3: an older EA is never sent
          them, and the signal fails with "update the EA to use …".
        </li>
      </ul>
      <p>
        The same definition is published as JSON Schema at{' '}
        <a href={alertSchemaPath} type="application/schema+json">
          <code>{alertSchemaPath}</code>
        </a>{' '}
        for editors and tools that check alert messages.
      </p>

      <h3>Units</h3>
      <p>
        <strong>Points</strong> are the symbol's smallest price step. <strong>Pips</strong> are 10
        points on 3- and 5-digit quotes and 1 point otherwise. Distances are measured from the entry
        price (the fill, a pending order's price, or the open price for <code>modify</code>).{' '}
        <strong>Lots</strong> follow the broker's minimum, maximum and step.
      </p>
      <PipsTable />

      <h2 id="examples">Examples</h2>
      {alertExamples.map((example) => (
        <section key={example.id} aria-labelledby={`example-${example.id}`}>
          <h3 id={`example-${example.id}`}>{example.title}</h3>
          <p>{example.text}</p>
          <CodeBlock code={exampleJson(example, licenseNumber)} />
        </section>
      ))}

      <h2 id="dos-and-donts">Do's and don'ts</h2>
      <div className="not-prose my-4 grid gap-4 md:grid-cols-2">
        <div className="rounded-xl border border-line bg-surface p-5">
          <h3 className="font-semibold text-ink">Do</h3>
          <CheckList items={dos} className="mt-3 text-sm leading-6" />
        </div>
        <div className="rounded-xl border border-line bg-surface p-5">
          <h3 className="font-semibold text-ink">Don't</h3>
          <CheckList
            items={donts}
            className="mt-3 text-sm leading-6"
            icon={CloseIcon}
            iconClassName="mt-1 size-4 shrink-0 text-ink-subtle"
          />
        </div>
      </div>

      <Callout tone="warning" title="buy and sell execute at market">
        <p>
          The EA places market orders when the signal arrives; their <code>price</code> is recorded
          for your reference only, and stops are set from the actual entry price. Only pending
          orders wait at their <code>price</code>.
        </p>
      </Callout>
      <p>
        Next: <Link to="/docs/tradingview-alert-setup">create the alert in TradingView</Link>.
      </p>
    </DocsPage>
  );
}
