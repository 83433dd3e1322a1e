import { formatPrice } from '../../components/trading/format.ts';
import type { SignalView } from './signals-api.ts';

/**
 * What happened to a signal, in words a trader reads at a glance: the one line the Signal Test
 * result follows live and the Signal History detail heads its journey with; and the
 * journey's numbers (hop latencies, slippage).
 */

export type SignalDelivery = NonNullable<SignalView['delivery']>;
export type Platform = 'mt4' | 'mt5';

/** Where a signal stands now; `tone` colours it. */
export type SignalProgress = {
  tone: 'waiting' | 'warning' | 'success' | 'danger';
  text: string;
};

/** The signal's TTL in whole seconds, as the server set it. */
export function ttlSeconds(signal: Pick<SignalView, 'receivedAt' | 'expiresAt'>): number {
  return Math.round((Date.parse(signal.expiresAt) - Date.parse(signal.receivedAt)) / 1000);
}

/** "MT5 EA", or "EA" for a signal every platform may take. */
const eaOf = (platform: Platform | null) => (platform ? `${platform.toUpperCase()} EA` : 'EA');

/** "account 5012345 (MetaQuotes-Demo)", or "your EA" when the terminal is not known. */
export const terminalName = (delivery: SignalDelivery | null) =>
  delivery ? `account ${delivery.account} (${delivery.broker})` : 'your EA';

/** Milliseconds between two of the signal's times, or null while the later one is missing. */
export function msBetween(from: string | null, to: string | null): number | null {
  return from === null || to === null ? null : Date.parse(to) - Date.parse(from);
}

const inMs = (ms: number | null) => (ms === null ? '' : ` in ${Math.max(0, Math.round(ms))} ms`);

/**
 * The signal's state as one sentence. `connected`: the platforms with an EA connected now
 * (null when not known), which tells "nobody will take it" from "about to be taken".
 * `reasonShown`: the signal's errorMessage is on screen already (a row's Error Details), so
 * the sentence need not repeat it (a signal failed before its time, or refused by its EA or
 * broker).
 */
export function signalProgress(
  signal: SignalView,
  connected: Platform[] | null = null,
  { reasonShown = false }: { reasonShown?: boolean } = {},
): SignalProgress {
  const ttl = ttlSeconds(signal);
  const ea = eaOf(signal.platform);
  const terminal = terminalName(signal.delivery);
  const deliveredIn = inMs(signal.timings.deliveryMs);
  switch (signal.status) {
    case 'pending': {
      if (signal.deliveredAt !== null) {
        return {
          tone: 'waiting',
          text: `Delivered to ${terminal}${deliveredIn}: waiting for its result.`,
        };
      }
      const served =
        connected === null ||
        (signal.platform === null ? connected.length > 0 : connected.includes(signal.platform));
      return served
        ? { tone: 'waiting', text: `Waiting for your ${ea} to take it (it expires in ${ttl} s).` }
        : {
            tone: 'warning',
            text: `No ${ea} connected for this license: the signal will expire in ${ttl} s.`,
          };
    }
    case 'success':
      if (signal.isTest) {
        return {
          tone: 'success',
          text: `Received by the EA on ${terminal}${deliveredIn}: test signals are logged, not traded.`,
        };
      }
      return {
        tone: 'success',
        text:
          signal.ticket === null
            ? `Executed on ${terminal}.`
            : `Executed: ticket ${signal.ticket}${signal.executedPrice === null ? '' : ` at ${formatPrice(signal.executedPrice)}`}.`,
      };
    case 'error': {
      const { retcode, errorMessage } = signal;
      if (reasonShown) {
        return {
          tone: 'danger',
          text: retcode === null ? 'Not executed.' : `Refused by the broker (retcode ${retcode}).`,
        };
      }
      return {
        tone: 'danger',
        text:
          retcode === null
            ? `Not executed: ${errorMessage ?? 'the EA reported an error.'}`
            : `Refused by the broker: ${errorMessage ?? 'no reason given'} (retcode ${retcode}).`,
      };
    }
    case 'failed':
      // With a reason, it was failed before its time (see the server's failed signals).
      if (!signal.errorMessage) {
        return { tone: 'danger', text: `Expired: no ${ea} took it within ${ttl} s.` };
      }
      return {
        tone: 'danger',
        text: reasonShown ? 'Not sent to your EA.' : `Not sent to your EA: ${signal.errorMessage}`,
      };
    case 'quota_blocked':
      return {
        tone: 'danger',
        text: 'Blocked by the daily quota: it was not sent to your EA.',
      };
  }
}

/** The side the fill was on: buying pays more when the price is higher, selling less. */
function fillSide(position: SignalView['position']): 'buy' | 'sell' | null {
  if (position === 'buy' || position === 'closesell') return 'buy';
  if (position === 'sell' || position === 'closebuy') return 'sell';
  return null;
}

/**
 * How far the fill was from the alert's price, against the trader when positive (a buy
 * filled higher, a sell lower). Null for a market alert (price 0), an unfilled signal or a
 * close of every position (both sides at once). In price units: the EA does not report the
 * symbol's digits, so points cannot be told.
 */
export function slippageOf(
  signal: Pick<SignalView, 'price' | 'executedPrice' | 'position'>,
): number | null {
  const side = fillSide(signal.position);
  if (signal.price <= 0 || signal.executedPrice === null || side === null) return null;
  const difference = signal.executedPrice - signal.price;
  // Rounded to the 5 decimals prices are shown with: float noise is not slippage.
  const adverse = Math.round((side === 'buy' ? difference : -difference) * 1e5) / 1e5;
  return adverse === 0 ? 0 : adverse;
}

/** "0.00012 worse than the alert price", "0.00003 better …", "none". */
export function slippageText(slippage: number): string {
  if (slippage === 0) return 'None: filled at the alert price';
  return `${formatPrice(Math.abs(slippage))} ${slippage > 0 ? 'worse' : 'better'} than the alert price`;
}

/** "WebSocket" or "long-poll", as the EA was connected. */
export const transportName = (transport: SignalDelivery['transport']) =>
  transport === 'ws' ? 'WebSocket' : transport === 'poll' ? 'long-poll' : 'unknown';
