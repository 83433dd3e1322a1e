import type { SetupProgress } from '@signalrelay/contracts/account';
import type { LiveEvent } from '@signalrelay/contracts/live';
import type { SignalHistoryReply, SignalView } from '@signalrelay/contracts/signals';
import type { QueryKey } from '@tanstack/react-query';
import { type AreaKey, queryClient } from '../lib/query.ts';

/**
 * What each live event does to the query cache, in one place: a changed signal is patched
 * into the history pages that show it and the quota into every page at once, then the
 * queries the event affects are refetched (a burst costs one refetch). Every (re)connect of
 * the channel (`resync`: events are lossy) refetches all of them. A screen that reads these
 * keys through `useQuery` is live without listening to the socket itself.
 */

/** The events the cache follows, plus the socket's (re)connect and an EA (dis)connecting. */
export type CacheEvent =
  | Exclude<LiveEvent, { type: 'ea' }>
  | { type: 'resync' }
  | { type: 'ea'; connected: boolean };

type Rule = {
  key: AreaKey;
  /** Whether the event changes what the key holds. */
  affects: (event: CacheEvent) => boolean;
  /** Waits at least this long after the event, so a burst of events costs one refetch. */
  delayMs: number;
  /** And at most one refetch per this interval (the chart follows signals only loosely). */
  everyMs?: number;
};

/** Keys the live channel keeps current; their screens read them under these prefixes. */
export const liveKeys = {
  signalHistory: ['signals', 'history'],
  signalStats: ['signals', 'stats'],
  orders: ['orders'],
  terminals: ['terminals'],
  setup: ['setup'],
} as const satisfies Record<string, AreaKey>;

/** A signal can tick the checklist's test or first-alert step, until that step is done. */
function signalTicksSetup(signal: SignalView): boolean {
  const progress = queryClient.getQueryData<SetupProgress>(liveKeys.setup);
  if (progress?.done) return false;
  return !progress?.[signal.isTest ? 'testSignalReceived' : 'liveAlertReceived'];
}

const rules: Rule[] = [
  { key: liveKeys.signalHistory, affects: (e) => e.type === 'signal', delayMs: 300 },
  { key: liveKeys.signalStats, affects: (e) => e.type === 'signal', delayMs: 0, everyMs: 10_000 },
  { key: liveKeys.orders, affects: (e) => e.type === 'orders', delayMs: 300 },
  {
    key: liveKeys.terminals,
    // An EA (dis)connecting changes its terminal; a new signal may target a platform no EA serves.
    affects: (e) =>
      e.type === 'terminals' ||
      e.type === 'ea' ||
      (e.type === 'signal' && e.signal.status === 'pending'),
    delayMs: 0,
  },
  {
    key: liveKeys.setup,
    affects: (e) =>
      e.type === 'setup' ||
      (e.type === 'ea' && e.connected) ||
      (e.type === 'signal' && signalTicksSetup(e.signal)),
    delayMs: 0,
  },
];

const planned = new Map<Rule, ReturnType<typeof setTimeout>>();

function lastFetched(key: QueryKey): number {
  const times = queryClient
    .getQueryCache()
    .findAll({ queryKey: key })
    .map((q) => q.state.dataUpdatedAt);
  return Math.max(0, ...times);
}

/** Refetches the rule's key once its delay (and interval) passed; later events join it. */
function plan(rule: Rule) {
  if (planned.has(rule)) return;
  const wait = Math.max(rule.delayMs, lastFetched(rule.key) + (rule.everyMs ?? 0) - Date.now());
  const refetch = () => {
    planned.delete(rule);
    void queryClient.invalidateQueries({ queryKey: rule.key });
  };
  if (wait <= 0) refetch();
  else planned.set(rule, setTimeout(refetch, wait));
}

function patchHistory(change: (page: SignalHistoryReply) => SignalHistoryReply) {
  queryClient.setQueriesData<SignalHistoryReply>({ queryKey: liveKeys.signalHistory }, (page) =>
    page ? change(page) : page,
  );
}

/** Applies one live event to the query cache. */
export function applyToQueries(event: CacheEvent): void {
  if (event.type === 'resync') {
    for (const timer of planned.values()) clearTimeout(timer);
    planned.clear();
    for (const rule of rules) void queryClient.invalidateQueries({ queryKey: rule.key });
    return;
  }
  if (event.type === 'quota') {
    const { type: _type, ...quota } = event;
    patchHistory((page) => ({ ...page, quota }));
    return;
  }
  if (event.type === 'signal') {
    const changed = event.signal;
    patchHistory((page) =>
      page.signals.some((s) => s.id === changed.id)
        ? { ...page, signals: page.signals.map((s) => (s.id === changed.id ? changed : s)) }
        : page,
    );
  }
  for (const rule of rules) if (rule.affects(event)) plan(rule);
}
