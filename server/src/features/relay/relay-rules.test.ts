import { noRules } from '@signalrelay/contracts/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { signedInTestUser } from '../../../test/sessions.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

async function userWithRules(rules: Record<string, unknown>) {
  const { cookie, ...user } = await signedInTestUser(t);
  const save = (next: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/rules',
      headers: { cookie, origin: t.deps.config.publicUrl },
      payload: { ...noRules, ...next },
    });
  expect((await save(rules)).statusCode).toBe(200);
  return { ...user, save };
}

const overrides = { accounts: { '5012345': { maxLot: 0.5, maxOpenPositions: null } } };

describe('rules delivery to v3 EAs (ea/PROTOCOL.md, "Rules")', () => {
  it('WebSocket: a rules frame right after welcome, resolved for the account, and on change', async () => {
    const user = await userWithRules({ maxLot: 2, maxOpenPositions: 3, ...overrides });
    const ea = await openEaSocket(baseUrl);
    ea.send(helloFrame(user.licenseNumber, { v: 3 }));
    const first = await ea.next((f) => f.type === 'rules');
    expect(ea.frames.map((f) => f.type).slice(0, 2)).toEqual(['welcome', 'rules']);
    expect(first).toEqual({ type: 'rules', rulesId: expect.any(String), rules: { maxLot: 0.5 } });

    // Another account's override does not change this EA's set: no frame.
    await user.save({ maxLot: 2, maxOpenPositions: 3, ...overrides, maxDailyTrades: 5 });
    const daily = { amount: 300, percent: 0, closeAll: true };
    await user.save({ maxLot: 2, maxOpenPositions: 3, ...overrides, maxDailyLoss: daily });
    const second = await ea.next((f) => f.type === 'rules' && f !== first);
    expect(second).toEqual({
      type: 'rules',
      rulesId: expect.any(String),
      rules: { maxLot: 0.5, maxDailyLoss: daily },
    });
    expect(second.rulesId).not.toBe(first.rulesId);
    expect(ea.frames.filter((f) => f.type === 'rules')).toHaveLength(2);
    ea.close();
  });

  it('WebSocket: v1 and v2 EAs are never sent a rules frame', async () => {
    const user = await userWithRules({ maxLot: 1 });
    for (const v of [1, 2]) {
      const ea = await openEaSocket(baseUrl);
      ea.send(helloFrame(user.licenseNumber, { v, instanceId: `instance-v${v}-abcdef` }));
      await ea.next((f) => f.type === 'welcome');
      await user.save({ maxLot: 1 + v });
      ea.send({ type: 'ping', t: 1 });
      await ea.next((f) => f.type === 'pong');
      expect(ea.frames.map((f) => f.type)).toEqual(['welcome', 'pong']);
      ea.close();
    }
  });

  it('long-poll: rules and rulesId when the EA holds others; a held poll answers a change', async () => {
    const user = await userWithRules({ maxOpenPositions: 4 });
    const poll = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ea/poll',
        payload: {
          v: 3,
          licenseNumber: user.licenseNumber,
          platform: 'mt4',
          account: '777',
          broker: 'Demo',
          instanceId: 'poller-abcdef12',
          waitMs: 0,
          ...body,
        },
      });
    const first = (await poll({})).json();
    expect(first).toMatchObject({ rulesId: expect.any(String), rules: { maxOpenPositions: 4 } });
    const same = (await poll({ rulesId: first.rulesId })).json();
    expect(same.rulesId).toBeUndefined();
    expect(same.rules).toBeUndefined();

    const held = poll({ rulesId: first.rulesId, waitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await user.save({ maxOpenPositions: 2 });
    const answered = (await held).json();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answered).toMatchObject({ rules: { maxOpenPositions: 2 } });
    expect(answered.rulesId).not.toBe(first.rulesId);

    const v2 = (await poll({ v: 2 })).json();
    expect(v2.rules).toBeUndefined();
    expect(v2.rulesId).toBeUndefined();
  });
});
