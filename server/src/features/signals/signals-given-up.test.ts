import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { Signal } from '@signalrelay/contracts/ea-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../bridge/test/wait.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createCaptureLogger } from '../../../test/capture-logger.ts';
import { liveSignals } from '../../../test/live-signals.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import { historySignals } from '../../../test/signal-history.ts';
import { installSlowCommits, slowCommit, slowFailure } from '../../../test/slow-commits.ts';
import { alertFields } from '../../../test/webhook.ts';
import { givenUpMessage } from '../../core/signal-insert.ts';

/**
 * An alert whose INSERT Postgres does not confirm in time is answered 503, and TradingView
 * sends it again. Whatever that INSERT does afterwards, the alert must not reach an EA (the
 * resend would trade a second time), and the trader must see what happened to it. Commits
 * are slowed as a stalled disk slows them (`slow-commits.ts`).
 */
let t: TestApp;
let url: string;
const capture = createCaptureLogger();

beforeAll(async () => {
  t = await createTestApp({ redis: true, logger: capture.logger });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await installSlowCommits(t.deps.database.db);
});
afterAll(() => t.close());

const signedInUser = () => signedInTestUser(t, { plan: 'pro' });
type User = Awaited<ReturnType<typeof signedInUser>>;

const postAlert = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/webhook/handleWebhook', payload: body });

const history = (user: User) => historySignals(t.app, user);

/**
 * Connects the reference EA (which is sent what the license has pending), then sends a plain
 * alert: the EA executes exactly what it was given, so if it has only that alert, nothing
 * else was pending.
 */
async function executedOnConnect(user: User): Promise<string[]> {
  const executed: string[] = [];
  const paper = createPaperTerminal({ seed: 3 });
  const ea = referenceEaClient(url, user.licenseNumber, {
    execute: (signal: Signal) => {
      executed.push(signal.symbol);
      return paper.execute(signal);
    },
    backoff: { initialMs: 100, maxMs: 500 },
  });
  ea.start();
  try {
    await until(() => ea.counters.connects > 0, 8000, 'the EA connected');
    const control = await postAlert(alertFields(user.licenseNumber, { symbol: 'GBPUSD' }));
    expect(control.statusCode).toBe(200);
    await until(() => executed.includes('GBPUSD'), 8000, 'the plain alert executed');
    return executed;
  } finally {
    await ea.stop();
  }
}

describe('an alert Postgres does not confirm in time', { timeout: 30_000 }, () => {
  it('is failed once its INSERT lands, shown to the trader, and never sent to an EA', async () => {
    const user = await signedInUser();
    const live = await liveSignals(url, user);
    try {
      // Committed at 3 s, half a second after the webhook gave up on it (2.5 s); the record
      // that fails it is slowed by a second more, and an EA connects in that second.
      await slowCommit(t.deps.database.db, 'gold-1', 3000);
      await slowFailure(t.deps.database.db, 'gold-1', 1000);
      const gold = alertFields(user.licenseNumber, { symbol: 'XAUUSD', alertId: 'gold-1' });
      const started = Date.now();
      const reply = await postAlert(gold);
      expect(reply.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(3000);

      await new Promise((r) => setTimeout(r, 3300 - (Date.now() - started)));
      expect(await executedOnConnect(user)).toEqual(['GBPUSD']);

      const failed = await until(async () => {
        const stored = (await history(user)).find((s) => s.symbol === 'XAUUSD');
        return stored?.status !== 'pending' && stored;
      }, 8000);
      expect(failed).toMatchObject({ status: 'failed', errorMessage: givenUpMessage });
      await until(() => live.seen.some((s) => s.id === failed.id && s.status === 'failed'));

      // TradingView's resend of the alert, with the same alertId, is a signal of its own.
      const resend = await postAlert(gold);
      expect(resend.statusCode).toBe(200);
      expect(await history(user)).toHaveLength(3);
      expect(capture.lines.some((line) => /stored as failed/.test(JSON.stringify(line)))).toBe(
        true,
      );
    } finally {
      live.close();
    }
  });

  it('is failed too when it waited behind slow INSERTs past its time', async () => {
    const user = await signedInUser();
    // Two INSERTs in flight (as many as go at once) hold the third alert back until they are
    // given up on, 2.5 s in: by then it is too late to send it.
    await slowCommit(t.deps.database.db, 'gold-3', 3500);
    await slowCommit(t.deps.database.db, 'gold-4', 3500);
    const first = postAlert(
      alertFields(user.licenseNumber, { symbol: 'XAUUSD', alertId: 'gold-3' }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const second = postAlert(
      alertFields(user.licenseNumber, { symbol: 'XAUUSD', alertId: 'gold-4' }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const third = postAlert(alertFields(user.licenseNumber, { symbol: 'XAGUSD' }));
    expect((await Promise.all([first, second, third])).map((r) => r.statusCode)).toEqual([
      503, 503, 503,
    ]);
    const rows = await until(async () => {
      const listed = await history(user);
      return listed.length === 3 && listed.every((s) => s.status === 'failed') && listed;
    }, 8000);
    expect(rows.map((s) => s.symbol).sort()).toEqual(['XAGUSD', 'XAUUSD', 'XAUUSD']);
    expect(await executedOnConnect(user)).toEqual(['GBPUSD']);
  });

  it('leaves a failed signal behind when its INSERT is rolled back', async () => {
    const user = await signedInUser();
    await slowCommit(t.deps.database.db, 'gold-2', 3000, true);
    const reply = await postAlert(
      alertFields(user.licenseNumber, { symbol: 'XAUUSD', alertId: 'gold-2' }),
    );
    expect(reply.statusCode).toBe(503);
    const failed = await until(async () => {
      const stored = (await history(user)).find((s) => s.symbol === 'XAUUSD');
      return stored?.status !== 'pending' && stored;
    }, 8000);
    expect(failed).toMatchObject({
      symbol: 'XAUUSD',
      status: 'failed',
      errorMessage: givenUpMessage,
    });
    expect(await executedOnConnect(user)).toEqual(['GBPUSD']);
  });
});
