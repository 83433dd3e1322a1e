import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { postWebhook } from '../../../test/webhook.ts';
import { signals } from '../../db/schema/signals.ts';

/**
 * What the EA gateway tests share: a listening app on the real Redis whose undelivered signals
 * fail after 1.5 s, and helpers to send an alert and read back its signal. A test file calls
 * `useRelayApp()` once at its top; `t` is set before its tests run.
 */
export let t: TestApp;

/** Starts the app before the tests of the calling file, and closes it after. */
export function useRelayApp() {
  beforeAll(async () => {
    t = await createTestApp({ redis: true, SIGNAL_TTL_MS: 1500, listen: true });
  });
  afterAll(() => t.close());
}

export const db = () => t.deps.database.db;

export async function postAlert(body: Record<string, unknown>) {
  const res = await postWebhook(t.baseUrl, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function signalRow(id: string) {
  const [row] = await db().select().from(signals).where(eq(signals.id, id));
  return row!;
}
