import {
  type DailyStats,
  type QuotaView,
  type SignalHistoryReply,
  type SignalStatsReply,
  type SignalView,
  signalHistoryQuerySchema,
  type WebhookReply,
} from '@signalrelay/contracts/signals';
import type { z } from 'zod';
import { api, apiPath } from '../../lib/api-client.ts';
import { apiQuery, historyQuery } from '../../lib/query.ts';
import { listSearchSchema } from '../../lib/use-list-search.ts';

/** The Signal History and Signal Test calls (spec section 7), typed by the server's contracts. */

export type { DailyStats, QuotaView, SignalView, WebhookReply };

/** Signal History's filters, sort and page: the API's query without the license. */
const historyQuerySchema = signalHistoryQuerySchema.omit({ licenseNumber: true });
export type HistoryQuery = z.output<typeof historyQuerySchema>;
/** The API's defaults, but 20 signals a page (spec section 9). */
export const defaultHistoryQuery: HistoryQuery = { ...historyQuerySchema.parse({}), pageSize: 20 };
/** Signal History's query in the dashboard URL (`?signals=…`): see `lib/use-list-search.ts`. */
export const signalHistorySearch = listSearchSchema(historyQuerySchema);

/** Signal History's reads, cached by TanStack Query and kept current by the live channel. */
export const signalQueries = {
  history: historyQuery<SignalHistoryReply, HistoryQuery>('signals', '/api/webhook/signalHistory'),
  stats: (licenseNumber: string, days: number) =>
    apiQuery<SignalStatsReply>(
      ['signals', 'stats', licenseNumber, days],
      apiPath('/api/webhook/signalStats', { licenseNumber, days }),
    ),
};

export const signalsApi = {
  sendTest: (payload: Record<string, unknown>) =>
    api.post<WebhookReply>('/api/webhook/handleWebhook', payload),
};
