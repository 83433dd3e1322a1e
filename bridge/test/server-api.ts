import type { Rules } from '@signalrelay/contracts/rules';
import type { TestApp } from '../../server/test/app.ts';
import { sessionCookie } from '../../server/test/sessions.ts';

/**
 * Sends an alert to the server's webhook as TradingView does: the JSON the user wrote, posted
 * as text/plain unless the test says otherwise.
 */
export function sendAlert(
  baseUrl: string,
  alert: Record<string, unknown>,
  contentType = 'text/plain',
): Promise<Response> {
  return fetch(`${baseUrl}/api/webhook/handleWebhook`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify(alert),
  });
}

/** Saves a user's account rules as the dashboard's rules page does, signed in as that user. */
export async function saveRules(t: TestApp, userId: string, rules: Rules) {
  const cookie = await sessionCookie(t.app, t.deps.database.db, userId);
  return t.app.inject({
    method: 'PUT',
    url: '/api/rules',
    headers: { cookie, origin: t.deps.config.publicUrl },
    payload: rules,
  });
}
