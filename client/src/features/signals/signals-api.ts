import type {
  historyPeriods,
  historyStatuses,
  SignalView,
  WebhookReply,
} from '@signalrelay/contracts/signals';
import { api } from '../../lib/api-client.ts';

/** The Signal History and Signal Test calls (spec section 7), typed by the server's contracts. */

export type { SignalView, WebhookReply };
export type HistoryPeriod = (typeof historyPeriods)[number];
export type HistoryStatus = (typeof historyStatuses)[number];
export type HistoryPlatform = 'all' | 'mt4' | 'mt5';

export type HistoryQuery = {
  period: HistoryPeriod;
  status: HistoryStatus;
  platform: HistoryPlatform;
  sort: 'desc' | 'asc';
  page: number;
  pageSize: number;
};

export type Quota = { used: number; limit: number; remaining: number; resetsAt: number };

export type HistoryPage = {
  signals: SignalView[];
  total: number;
  page: number;
  pageSize: number;
  summary: {
    total: number;
    successful: number;
    /** The Failed and Error filters' signals together, refused alerts included. */
    failed: number;
    /** Since midnight ET, tests and refused alerts included. */
    today: number;
    /** Of today's signals, those the daily quota counted. */
    countedToday: number;
  };
  quota: Quota;
};

export type DailyStats = {
  day: string;
  total: number;
  successful: number;
  failed: number;
  blocked: number;
  /** Test signals the EA processed. */
  tests: number;
  /** Still waiting for an EA: with the four above, every signal of the day. */
  pending: number;
  p50DeliveryMs: number | null;
  p95DeliveryMs: number | null;
};

export const signalsApi = {
  history: (licenseNumber: string, query: HistoryQuery, signal?: AbortSignal) =>
    api.get<HistoryPage>(
      `/api/webhook/signalHistory?${new URLSearchParams({
        licenseNumber,
        ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      })}`,
      { signal },
    ),
  stats: (licenseNumber: string, days: number, signal?: AbortSignal) =>
    api.get<{ days: DailyStats[] }>(
      `/api/webhook/signalStats?${new URLSearchParams({ licenseNumber, days: String(days) })}`,
      { signal },
    ),
  sendTest: (payload: Record<string, unknown>) =>
    api.post<WebhookReply>('/api/webhook/handleWebhook', payload),
};
