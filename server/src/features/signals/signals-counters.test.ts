import type { EaClient } from '@signalrelay/bridge/ea-client';
import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { planLimits } from '@signalrelay/contracts/billing';
import type { historyStatuses } from '@signalrelay/contracts/signals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { referenceEaClient } from '../../../test/reference-ea.ts';
import { signedInTestUser } from '../../../test/sessions.ts';
import type { SignalHistory } from './signals-history.ts';

/**
 * Signal History's counters, daily statistics and quota against the list they summarise, for
 * a mix made the real way: executed and broker-refused signals from the reference EA, expired
 * ones, an alert refused for its content, a quota-blocked one, a processed test and a pending
 * test. Each counter equals what its filter lists, and the quota counted exactly the signals
 * it should (tests, blocked and refused alerts never).
 */
const ttlMs = 3000;
let t: TestApp;
let ea: EaClient | undefined;

beforeAll(async () => {
  t = await createTestApp({ redis: true, SIGNAL_TTL_MS: ttlMs, listen: true });
});
afterAll(async () => {
  await ea?.stop();
  await t?.close();
});

type Status = (typeof historyStatuses)[number];
/** The page as the route answers it (its JSON carries nothing a Date would change). */
type Page = Awaited<ReturnType<SignalHistory['page']>>;

describe('Signal History counters', { timeout: 60_000 }, () => {
  it('agree with the list by status, and the quota counts what the list says it counted', async () => {
    const { cookie, ...user } = await signedInTestUser(t, { plan: 'basic' });
    const limit = planLimits.basic.signalsPerDay;
    const alert = (fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhook/handleWebhook',
        payload: {
          licenseNumber: user.licenseNumber,
          symbol: 'EURUSD',
          position: 'buy',
          lot: 0.01,
          ...fields,
        },
      });
    const list = async (status: Status, page = 1): Promise<Page> =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/webhook/signalHistory?${new URLSearchParams({ licenseNumber: user.licenseNumber, status, page: String(page) })}`,
          headers: { cookie },
        })
      ).json();
    const countOf = async (status: Status) => (await list(status)).total;

    // Counted, then expired: no MT4 terminal ever connects.
    const expiring = limit - 2;
    for (let i = 0; i < expiring; i++) {
      expect((await alert({ platform: 'mt4' })).statusCode).toBe(200);
    }

    ea = referenceEaClient(t.baseUrl, user.licenseNumber, {
      execute: createPaperTerminal({ seed: 3 }).execute,
    });
    ea.start();
    await expect.poll(() => ea?.state, { timeout: 10_000 }).toBe('connected');
    // Executed, then refused by the broker (a symbol it does not have): the quota is now full.
    expect((await alert({ platform: 'mt5' })).statusCode).toBe(200);
    await expect.poll(() => countOf('success'), { timeout: 10_000 }).toBe(1);
    expect((await alert({ platform: 'mt5', symbol: 'NOSUCHSYMBOL' })).statusCode).toBe(200);
    await expect.poll(() => countOf('error'), { timeout: 10_000 }).toBe(1);
    expect((await alert({})).statusCode).toBe(429);
    // Refused for its content: listed as error, never counted by the quota.
    expect((await alert({ position: 'hold' })).statusCode).toBe(400);
    expect((await alert({ platform: 'mt5', isTest: true })).statusCode).toBe(200);
    await expect.poll(() => countOf('test_success'), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => countOf('failed'), { timeout: ttlMs + 35_000 }).toBe(expiring);
    // Last, so that it is still waiting for an MT4 terminal while the counters are read.
    expect((await alert({ platform: 'mt4', isTest: true })).statusCode).toBe(200);

    const all = await list('all');
    const [success, failed, error, pending, quotaBlocked, testSuccess] = await Promise.all(
      (['success', 'failed', 'error', 'pending', 'quota_blocked', 'test_success'] as const).map(
        countOf,
      ),
    );
    const byStatus = {
      success: success!,
      failed: failed!,
      error: error!,
      pending: pending!,
      quota_blocked: quotaBlocked!,
      test_success: testSuccess!,
    };
    expect(byStatus).toEqual({
      success: 1,
      failed: expiring,
      error: 2,
      pending: 1,
      quota_blocked: 1,
      test_success: 1,
    });
    const rows = [...all.signals, ...(await list('all', 2)).signals];
    expect(rows).toHaveLength(all.total);
    expect(all.summary).toEqual({
      total: all.total,
      successful: byStatus.success,
      failed: byStatus.failed + byStatus.error,
      today: all.total,
      countedToday: limit,
    });
    const counted = rows.filter(
      (row) => !row.isTest && row.status !== 'quota_blocked' && row.rawBody === null,
    );
    expect(all.quota).toMatchObject({ used: counted.length, limit });
    expect(counted).toHaveLength(limit);

    const stats = (
      await t.app.inject({
        method: 'GET',
        url: `/api/webhook/signalStats?licenseNumber=${user.licenseNumber}&days=1`,
        headers: { cookie },
      })
    ).json();
    expect(stats.days).toEqual([
      expect.objectContaining({
        total: all.total,
        successful: byStatus.success,
        failed: byStatus.failed + byStatus.error,
        blocked: byStatus.quota_blocked,
        tests: byStatus.test_success,
        pending: byStatus.pending,
      }),
    ]);
    const [today] = stats.days;
    expect(today.successful + today.failed + today.blocked + today.tests + today.pending).toBe(
      today.total,
    );
  });
});
