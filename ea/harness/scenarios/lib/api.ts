import type { OrderView } from '@signalrelay/contracts/orders';
import type { Rules } from '@signalrelay/contracts/rules';
import type { SignalView } from '@signalrelay/contracts/signals';
import { until } from '../../../../bridge/test/wait.ts';
import type { ScenarioServer, TraderAccount } from './server.ts';

/**
 * What a trader does and reads on the server, over its public HTTP API: alerts to the
 * webhook (as TradingView posts them), the dashboard's Signal History and Order History.
 */
export type Alert = {
  symbol?: string;
  position:
    | 'buy'
    | 'sell'
    | 'closebuy'
    | 'closesell'
    | 'closeall'
    | 'buylimit'
    | 'selllimit'
    | 'buystop'
    | 'sellstop'
    | 'cancel'
    | 'modify';
  lot?: number;
  slpoint?: number;
  tppoint?: number;
  trailingStop?: number;
  breakEvenPips?: number;
  riskPercentage?: number;
  platform?: 'mt4' | 'mt5';
  isTest?: boolean;
  // v3 (ea/PROTOCOL.md, "Version 3")
  closePercent?: number;
  closeOpposite?: boolean;
  slpips?: number;
  tppips?: number;
  slprice?: number;
  tpprice?: number;
  riskAmount?: number;
  maxSpread?: number;
  deviation?: number;
  comment?: string;
  magic?: number;
  price?: number;
  /** Minutes a pending order lives (the signal's expiryMinutes). */
  expiry?: number;
  side?: 'buy' | 'sell';
  tps?: { points?: number; pips?: number; price?: number; percent: number }[];
};

/** POST /api/webhook/handleWebhook; resolves with the new signal's id. */
export async function postAlert(
  server: ScenarioServer,
  trader: TraderAccount,
  alert: Alert,
): Promise<string> {
  const res = await fetch(`${server.url}/api/webhook/handleWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ licenseNumber: trader.licenseNumber, ...alert }),
  });
  const body = (await res.json()) as { signalId?: string };
  if (res.status !== 200 || !body.signalId)
    throw new Error(`webhook answered ${res.status}: ${JSON.stringify(body)}`);
  return body.signalId;
}

async function getJson<T>(server: ScenarioServer, trader: TraderAccount, path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: trader.cookie } });
  if (res.status !== 200)
    throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** GET /api/webhook/signalHistory (the dashboard's Signal History), newest first. */
export async function signalHistory(
  server: ScenarioServer,
  trader: TraderAccount,
): Promise<SignalView[]> {
  const q = new URLSearchParams({ licenseNumber: trader.licenseNumber, pageSize: '100' });
  return (
    await getJson<{ signals: SignalView[] }>(server, trader, `/api/webhook/signalHistory?${q}`)
  ).signals;
}

/** The signal as the history shows it once it has an outcome (no longer pending). */
export function signalOutcome(
  server: ScenarioServer,
  trader: TraderAccount,
  id: string,
  ms = 15_000,
): Promise<SignalView> {
  return until(
    async () => {
      const row = (await signalHistory(server, trader)).find((s) => s.id === id);
      return row && row.status !== 'pending' ? row : undefined;
    },
    ms,
    `an outcome of signal ${id} in the signal history`,
  );
}

/**
 * PUT /api/rules (the dashboard's Rules screen): the user's account rules, the whole set. The
 * browser's `Sec-Fetch-Site: same-origin` passes the CSRF check, as from the dashboard.
 */
export async function putRules(
  server: ScenarioServer,
  trader: TraderAccount,
  rules: Rules,
): Promise<void> {
  const res = await fetch(`${server.url}/api/rules`, {
    method: 'PUT',
    headers: {
      cookie: trader.cookie,
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify(rules),
  });
  if (res.status !== 200)
    throw new Error(`PUT /api/rules answered ${res.status}: ${await res.text()}`);
}

/** A terminal as the dashboard lists it beside the EA indicator (GET /api/terminals). */
export type TerminalView = {
  platform: 'mt4' | 'mt5';
  account: string;
  broker: string;
  eaVersion: string | null;
  transport: 'ws' | 'poll' | null;
  connected: boolean;
  health: { code: string; message: string; symbol?: string }[];
  refusal: { at: string; chart: string; holderChart: string } | null;
};

/** GET /api/terminals. */
export async function terminalList(
  server: ScenarioServer,
  trader: TraderAccount,
): Promise<TerminalView[]> {
  return (await getJson<{ terminals: TerminalView[] }>(server, trader, '/api/terminals')).terminals;
}

/** GET /api/orders/history (the dashboard's Order History). */
export async function orderHistory(
  server: ScenarioServer,
  trader: TraderAccount,
): Promise<OrderView[]> {
  const q = new URLSearchParams({ licenseNumber: trader.licenseNumber, pageSize: '100' });
  return (await getJson<{ orders: OrderView[] }>(server, trader, `/api/orders/history?${q}`))
    .orders;
}
