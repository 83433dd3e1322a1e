import type { NotificationEvent } from '@signalrelay/contracts/notifications';

/**
 * One occurrence of an event, ready to send: built where the event is seen, so the jobs need
 * no further lookups. `key` identifies the occurrence (deduplication: one notice per key and
 * channel, ever). `data` is what the signed webhook carries besides the text.
 */
export type Notice = {
  event: NotificationEvent | 'test';
  key: string;
  title: string;
  text: string;
  occurredAt: string;
  data: Record<string, unknown>;
};

export const eventLabels: Record<NotificationEvent, string> = {
  signal_failed: 'Signal failed or refused',
  ea_disconnected: 'EA disconnected',
  executor_refused: 'Second EA refused',
  quota_warning: 'Daily quota at 90%',
  quota_exhausted: 'Daily quota exhausted',
  daily_summary: 'Daily summary',
};

type SignalLike = {
  id: string;
  symbol: string;
  position: string | null;
  status: string;
  errorMessage: string | null;
  resultMessage?: string | null;
  receivedAt: string;
  /** Set on alerts refused for their content (signals-refusals.ts). */
  rawBody?: string | null;
};

export function signalFailedNotice(signal: SignalLike): Notice {
  const what = [signal.position?.toUpperCase(), signal.symbol].filter(Boolean).join(' ');
  const refused = signal.rawBody != null;
  const reason = signal.errorMessage || signal.resultMessage || 'no reason given';
  return {
    event: 'signal_failed',
    key: `signal_failed:${signal.id}`,
    title: refused ? `Alert refused${what ? `: ${what}` : ''}` : `Signal failed: ${what}`,
    text: `${reason}\nReceived ${signal.receivedAt}. Details in Signal History.`,
    occurredAt: new Date().toISOString(),
    data: {
      signalId: signal.id,
      symbol: signal.symbol,
      position: signal.position,
      status: signal.status,
      refused,
      errorMessage: signal.errorMessage,
      receivedAt: signal.receivedAt,
    },
  };
}

export function eaDisconnectedNotice(lastConnected: number, minutes: number): Notice {
  const since = new Date(lastConnected).toISOString();
  return {
    event: 'ea_disconnected',
    key: `ea_disconnected:${lastConnected}`,
    title: `No EA connected for ${minutes} minute${minutes === 1 ? '' : 's'}`,
    text: `Your last EA was seen at ${since}. Signals are not executed until an EA connects again: check the terminal, its internet connection and the EA's log.`,
    occurredAt: new Date().toISOString(),
    data: { lastConnected: since, minutes },
  };
}

export function executorRefusedNotice(
  terminal: { id: string; platform: string },
  refusal: { at: number; chart: string; holderChart: string; account: string },
): Notice {
  return {
    event: 'executor_refused',
    key: `executor_refused:${terminal.id}:${Math.floor(refusal.at / 3_600_000)}`,
    title: `Second EA refused on account ${refusal.account}`,
    text: `An EA on ${refusal.chart} was refused because another one (${refusal.holderChart}) already trades account ${refusal.account} with your license. Remove one of them so no signal trades twice.`,
    occurredAt: new Date(refusal.at).toISOString(),
    data: { ...refusal, at: new Date(refusal.at).toISOString(), platform: terminal.platform },
  };
}

export function quotaNotice(
  kind: 'quota_warning' | 'quota_exhausted',
  quota: { used: number; limit: number; resetsAt: number },
): Notice {
  const resets = new Date(quota.resetsAt).toISOString();
  return {
    event: kind,
    key: `${kind}:${quota.resetsAt}`,
    title:
      kind === 'quota_exhausted'
        ? `Daily signal quota exhausted (${quota.limit})`
        : `Daily signal quota at ${Math.floor((quota.used / quota.limit) * 100)}%`,
    text:
      kind === 'quota_exhausted'
        ? `All ${quota.limit} signals of today are used: further alerts are kept in Signal History but not sent to your EA until ${resets}. Upgrade your plan for a higher quota.`
        : `${quota.used} of ${quota.limit} signals of today are used. The quota resets at ${resets}.`,
    occurredAt: new Date().toISOString(),
    data: quota.resetsAt ? { ...quota, resetsAt: resets } : quota,
  };
}

export type DaySummary = {
  day: string;
  total: number;
  executed: number;
  failed: number;
  refused: number;
  blocked: number;
  tests: number;
};

export const dailySummaryKey = (day: string) => `daily_summary:${day}`;

export function dailySummaryNotice(summary: DaySummary): Notice {
  return {
    event: 'daily_summary',
    key: dailySummaryKey(summary.day),
    title: `Daily summary for ${summary.day}`,
    text: [
      `Alerts received: ${summary.total}`,
      `Executed: ${summary.executed}`,
      `Failed: ${summary.failed}`,
      `Refused for their content: ${summary.refused}`,
      `Blocked by the quota: ${summary.blocked}`,
      `Test signals: ${summary.tests}`,
    ].join('\n'),
    occurredAt: new Date().toISOString(),
    data: summary,
  };
}

export function testNotice(channel: string): Notice {
  const at = new Date().toISOString();
  return {
    event: 'test',
    key: `test:${at}`,
    title: 'Test notification',
    text: `This is a test from SignalRelay: your ${channel} channel works.`,
    occurredAt: at,
    data: { channel },
  };
}
