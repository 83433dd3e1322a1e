import {
  type SignalView,
  signalHistoryQuerySchema,
  type WebhookReply,
} from '@signalrelay/contracts/signals';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/query.ts';
import { listSearchSchema } from '../../lib/use-list-search.ts';

/** The Signal History and Signal Test calls (spec section 7), typed by the server's contracts. */

export type { SignalView, WebhookReply };

/** Signal History's filters, sort and page: the API's query without the license. */
const historyQuerySchema = signalHistoryQuerySchema.omit({ licenseNumber: true });
export type HistoryQuery = z.output<typeof historyQuerySchema>;
/** The API's defaults, but 20 signals a page (spec section 9). */
export const defaultHistoryQuery: HistoryQuery = { ...historyQuerySchema.parse({}), pageSize: 20 };
/** Signal History's query in the dashboard URL (`?signals=…`): see `lib/use-list-search.ts`. */
export const signalHistorySearch = listSearchSchema(historyQuerySchema);

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

const params = (values: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));

/** Signal History's reads, cached by TanStack Query and kept current by the live channel. */
export const signalQueries = {
  history: (licenseNumber: string, query: HistoryQuery) =>
    apiQuery<HistoryPage>(
      ['signals', 'history', licenseNumber, query],
      `/api/webhook/signalHistory?${params({ licenseNumber, ...query })}`,
    ),
  stats: (licenseNumber: string, days: number) =>
    apiQuery<{ days: DailyStats[] }>(
      ['signals', 'stats', licenseNumber, days],
      `/api/webhook/signalStats?${params({ licenseNumber, days })}`,
    ),
};

export const signalsApi = {
  sendTest: (payload: Record<string, unknown>) =>
    api.post<WebhookReply>('/api/webhook/handleWebhook', payload),
};
