import type { EaClient } from '@signalrelay/bridge/ea-client';
import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../bridge/test/wait.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { liveSignals } from '../../../test/live-signals.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { historySignal } from '../../../test/signal-history.ts';
import { alertFields } from '../../../test/webhook.ts';

/**
 * A signal's journey as the dashboard reads it: which terminal it was delivered to (account,
 * broker, transport, platform, EA version), on the history page and on the live channel, with
 * the reference EA from bridge/ on a paper terminal as the terminal.
 */
let t: TestApp;
let url: string;
const ttlMs = 1500;

beforeAll(async () => {
  t = await createTestApp({ redis: true, SIGNAL_TTL_MS: ttlMs });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const signedInUser = () => signedInTestUser(t, { plan: 'basic' });
type User = Awaited<ReturnType<typeof signedInUser>>;

function referenceEa(licenseNumber: string, transport: 'ws' | 'poll', account: string): EaClient {
  const ea = referenceEaClient(url, licenseNumber, {
    transport,
    account,
    eaVersion: '1.1.0',
    execute: createPaperTerminal({ seed: 7 }).execute,
    backoff: { initialMs: 100, maxMs: 500 },
  });
  ea.start();
  return ea;
}

async function postAlert(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: body,
  });
  return res.json() as { signalId: string };
}

const connected = (user: User) =>
  until(async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/terminals',
      headers: { cookie: user.cookie },
    });
    return (res.json() as { terminals: { connected: boolean }[] }).terminals.some(
      (terminal) => terminal.connected,
    );
  }, 8000);

describe('signal journey', { timeout: 30_000 }, () => {
  it('names the terminal that executed a signal, live and in the history, with its fill', async () => {
    const user = await signedInUser();
    const live = await liveSignals(url, user);
    const ea = referenceEa(user.licenseNumber, 'ws', '5012345');
    try {
      await connected(user);
      const { signalId } = await postAlert(
        alertFields(user.licenseNumber, { lot: 0.05, price: 1.085 }),
      );
      const done = await until(async () => {
        const signal = await historySignal(t.app, user, signalId);
        return signal?.status === 'success' && signal;
      }, 8000);
      const terminal = {
        account: '5012345',
        broker: 'MetaQuotes-Demo',
        platform: 'mt5',
        transport: 'ws',
        eaVersion: '1.1.0',
      };
      expect(done.delivery).toEqual(terminal);
      expect(done.executedPrice).toBeGreaterThan(0);
      expect(done.executedVolume).toBe(0.05);
      expect(done.price).toBe(1.085);
      expect(Date.parse(done.expiresAt) - Date.parse(done.receivedAt)).toBe(ttlMs);

      // Live: pending without a terminal, then each later state names it.
      const events = await until(async () => {
        const mine = live.seen.filter((s) => s.id === signalId);
        return mine.some((s) => s.status === 'success') && mine;
      }, 8000);
      expect(events[0]).toMatchObject({ status: 'pending', deliveredAt: null, delivery: null });
      for (const later of events.slice(1)) expect(later.delivery).toEqual(terminal);
      expect(events.at(-1)).toMatchObject({ ticket: done.ticket, executedVolume: 0.05 });
    } finally {
      live.close();
      await ea.stop();
    }
  });

  it('names a long-polling terminal with its transport, and a test signal the EA skipped', async () => {
    const user = await signedInUser();
    const ea = referenceEa(user.licenseNumber, 'poll', '7001');
    try {
      await connected(user);
      const { signalId } = await postAlert(
        alertFields(user.licenseNumber, { position: 'sell', isTest: true }),
      );
      const done = await until(async () => {
        const signal = await historySignal(t.app, user, signalId);
        return signal?.displayStatus === 'test_success' && signal;
      }, 8000);
      expect(done.delivery).toMatchObject({ account: '7001', transport: 'poll', platform: 'mt5' });
      expect(done.ticket).toBeNull();
      expect(ea.counters.skipped).toBe(1);
    } finally {
      await ea.stop();
    }
  });

  it('names no terminal for a signal that expired undelivered', async () => {
    const user = await signedInUser();
    const live = await liveSignals(url, user);
    try {
      const { signalId } = await postAlert(alertFields(user.licenseNumber));
      const expired = await until(
        async () => live.seen.find((s) => s.id === signalId && s.status === 'failed'),
        8000,
      );
      expect(expired).toMatchObject({ deliveredAt: null, delivery: null });
      expect((await historySignal(t.app, user, signalId))?.delivery).toBeNull();
    } finally {
      live.close();
    }
  });
});
