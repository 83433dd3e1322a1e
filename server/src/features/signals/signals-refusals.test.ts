import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { sessionCookie } from '../../../test/sessions.ts';
import { createTestUser } from '../../../test/users.ts';
import { rawBodyLimit } from './signals-refusals.ts';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

const post = (body: string, contentType = 'text/plain') =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    headers: { 'content-type': contentType },
    payload: body,
  });

async function historyOf(user: { id: string; licenseNumber: string }) {
  const cookie = await sessionCookie(t.app, t.deps.database.db, user.id);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/webhook/signalHistory?licenseNumber=${user.licenseNumber}&pageSize=50`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function metric(reason: string): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`webhook_unattributed_alerts_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Issue 20, "Every alert leaves a trace". */
describe('an alert refused for its content', () => {
  it('is kept in its owner’s Signal History with the reason and the body, uncounted and never sent', async () => {
    const user = await createTestUser(t.deps.database.db, { plan: 'basic' });
    const ea = await openEaSocket(baseUrl);
    ea.send(helloFrame(user.licenseNumber));
    await ea.next((f) => f.type === 'welcome');

    const broken = `{"licenseNumber": "${user.licenseNumber}", "symbol": "EURUSD", "position": "buy",, "lot": 0.1}`;
    const notJson = await post(broken);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/^The body is not valid JSON/);

    const unknownPosition = JSON.stringify({
      licenseNumber: user.licenseNumber,
      symbol: 'OANDA:XAUUSD',
      position: 'buyy',
      platform: 'mt5',
      lot: 0.1,
    });
    const badField = await post(unknownPosition, 'application/json');
    expect(badField.statusCode).toBe(400);
    expect(badField.json().message).toMatch(/^position: must be one of buy, sell/);

    const { signals, summary, quota } = await historyOf(user);
    expect(signals).toHaveLength(2);
    expect(signals[0]).toMatchObject({
      status: 'error',
      symbol: 'XAUUSD',
      position: null,
      platform: 'mt5',
      errorMessage: expect.stringMatching(/^Alert refused: position: must be one of/),
      rawBody: unknownPosition,
    });
    expect(signals[1]).toMatchObject({
      status: 'error',
      symbol: '',
      position: null,
      errorMessage: expect.stringMatching(/^Alert refused: The body is not valid JSON/),
      rawBody: broken,
    });
    // Counted with the failed ones, never against the quota, never sent to the EA.
    expect(summary).toMatchObject({ total: 2, failed: 2 });
    expect(quota.used).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ea.frames.some((f) => f.type === 'signal')).toBe(false);

    const errors = await t.app.inject({
      method: 'GET',
      url: `/api/webhook/signalHistory?licenseNumber=${user.licenseNumber}&status=error`,
      headers: { cookie: await sessionCookie(t.app, t.deps.database.db, user.id) },
    });
    expect(errors.json().signals).toHaveLength(2);
    ea.close();
  });

  it('keeps the first 4 KB of a long body', async () => {
    const user = await createTestUser(t.deps.database.db);
    const body = JSON.stringify({
      licenseNumber: user.licenseNumber,
      position: 'sell',
      symbol: 'EURUSD',
      lot: 'a lot',
      comment: 'x'.repeat(10_000),
    });
    expect((await post(body)).statusCode).toBe(400);
    const [row] = (await historyOf(user)).signals;
    expect(row.rawBody).toBe(body.slice(0, rawBodyLimit));
    expect(row.position).toBe('sell');
    expect(row.errorMessage).toMatch(/lot/);
  });

  it('is only counted, by reason, when it names no license we can charge it to', async () => {
    const before = {
      none: await metric('no_license'),
      unknown: await metric('unknown_license'),
      unverified: await metric('unverified'),
    };
    const unverified = await createTestUser(t.deps.database.db, { verified: false });
    expect((await post('{"symbol": "EURUSD"')).statusCode).toBe(400);
    expect((await post('{"licenseNumber": "SR-NOPE", "position": "x"}')).statusCode).toBe(400);
    expect(
      (
        await post(
          JSON.stringify({ licenseNumber: 'SR-NOPE', symbol: 'EURUSD', position: 'buy', lot: 1 }),
        )
      ).statusCode,
    ).toBe(401);
    const refusedUnverified = await post(
      JSON.stringify({ licenseNumber: unverified.licenseNumber, position: 'nope' }),
    );
    expect(refusedUnverified.statusCode).toBe(400);
    expect(await metric('no_license')).toBe(before.none + 1);
    expect(await metric('unknown_license')).toBe(before.unknown + 2);
    expect(await metric('unverified')).toBe(before.unverified + 1);
    expect((await historyOf(unverified)).signals).toHaveLength(0);
  });
});
