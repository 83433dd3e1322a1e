import { Link } from '@tanstack/react-router';
import { Callout, CodeBlock, DocsPage, DocTable, TabLink } from './docs-kit.tsx';

/** Each rule: what it does and where it is checked (the server at intake, or the EA). */
const rules: [name: string, where: string, what: string][] = [
  [
    'Max lot',
    'server and EA',
    'Refuses an opening whose lot is above it. The server checks the lot written in the alert; the EA checks the lot it computes from riskPercentage (and, again, the given one).',
  ],
  [
    'Max open positions',
    'EA',
    "Refuses an opening while the EA's open positions (every symbol, its magic numbers) number at least this many. Pending orders do not count.",
  ],
  [
    'Max daily trades',
    'server',
    "Refuses the opening signals of a day past this many. The day is midnight to midnight in your trading hours' time zone, UTC when trading hours are off. Closes and test signals do not count.",
  ],
  [
    'Max daily loss',
    'EA',
    "An amount in your account currency, or a percent of the day's starting balance (the balance the EA sees first that day, from the broker's midnight). When equity falls that far, every opening is refused until the next day; with Close every position, the EA also closes its positions once. The dashboard shows DAILY_LOSS_REACHED beside the EA meanwhile.",
  ],
  [
    'Trading hours',
    'server',
    'A time zone, the days and a from–to window. Outside it, opening signals are refused; closes always pass. A window whose end is before its start (22:00–06:00) runs across midnight and belongs to the day it starts.',
  ],
  [
    'Allowed symbols',
    'server',
    "Empty: every symbol. Otherwise an opening is refused unless the alert's symbol, or the name the symbol map gives it, is listed. Closes always pass.",
  ],
];

const mapExample = `{ "GOLD": "XAUUSD", "US30": "DJ30" }`;

export function RulesDocsPage() {
  return (
    <DocsPage
      title="Rules"
      lead="Risk limits and guards that every signal must pass: max lot, max open positions, max daily trades, max daily loss, trading hours, allowed symbols, and a symbol map for brokers that name instruments their own way."
    >
      <h2 id="setup">Setting up</h2>
      <p>
        Open the dashboard's <TabLink tab="rules" /> tab, fill in the rules you want (an empty field
        is off) and save. Every save is listed under the form with who made it, when, and each value
        before and after. Changes apply at once: to alerts from the next one on, and to your EAs,
        which receive the new rules within a second.
      </p>

      <h2 id="rules">The rules and where they are checked</h2>
      <p>
        Rules that need the terminal's truth (its open positions, its equity, the lot it computes)
        are checked by the EA; the rest are checked by the server when the alert arrives, so a
        signal they stop never reaches the EA.
      </p>
      <DocTable
        head={['rule', 'checked by', 'what it does']}
        rows={rules.map(([name, where, what]) => [
          <span key={name} className="font-medium">
            {name}
          </span>,
          where,
          what,
        ])}
        nowrap={2}
      />
      <Callout title="A stopped signal is kept, never executed">
        <p>
          Signal History lists it with the rule and the numbers, for example "Lot 5.00 is above your
          maximum 1.00 (rule: max lot)." The webhook answers such an alert 403{' '}
          <code>RULE_REFUSED</code>. Tick <strong>Rule triggered</strong> in{' '}
          <Link to="/docs/notifications">Notifications</Link> to be told each time.
        </p>
      </Callout>

      <h2 id="symbol-map">The symbol map</h2>
      <p>
        Your strategy says GOLD, your broker says XAUUSD: map the alert's symbol to the broker's
        name, without regard to letter case. The server applies the map to every signal, closes
        included, before it is sent; the EA then resolves the name as always, trying your broker's
        prefix or suffix (XAUUSD → XAUUSD.m). A symbol not in the map is sent as it is.
      </p>
      <CodeBlock code={mapExample} label="Symbol map" />

      <h2 id="accounts">Per-account overrides</h2>
      <p>
        Max lot, max open positions and max daily loss may differ per trading account (a prop-firm
        challenge beside a personal account): add the account number and the values that differ. An
        empty field keeps your rule; 0 switches it off on that account. The other rules belong to
        the license, because one alert goes to every account it trades.
      </p>
      <Callout tone="warning" title="EAs from before protocol v3">
        <p>
          Max open positions, max daily loss and the max lot of a risk-sized trade are enforced by
          the EA: update to the current EA from <Link to="/docs/download-ea">Download EA</Link>.
          Older EAs still receive only signals the server's rules let through.
        </p>
      </Callout>
    </DocsPage>
  );
}
