import type {
  NotificationChannel,
  NotificationEvent,
  SettingsInput,
  SettingsView,
  TestReply,
} from '@signalrelay/contracts/notifications';
import { api, apiRequest } from '../../lib/api-client.ts';
import { apiQuery } from '../../lib/query.ts';

/** GET/PUT /api/notifications and POST /api/notifications/test, typed by the server's contracts. */

export type { NotificationChannel, NotificationEvent, SettingsInput, SettingsView, TestReply };

export const notificationsQuery = apiQuery<SettingsView>(['notifications'], '/api/notifications');

export const notificationsApi = {
  save: (input: SettingsInput) =>
    apiRequest<SettingsView>('/api/notifications', { method: 'PUT', body: input }),
  test: (channel: NotificationChannel) =>
    api.post<TestReply>('/api/notifications/test', { channel }, { timeoutMs: 20_000 }),
};
