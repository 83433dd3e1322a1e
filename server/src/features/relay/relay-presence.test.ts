import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../bridge/test/wait.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { beatFlushMs } from './relay-heartbeats.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true });
});
afterAll(() => t.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, beatFlushMs + 300));

/**
 * Heartbeats reach presence in batches (`beatFlushMs`): what the dashboard reads must still
 * follow each terminal's latest heartbeat, and a terminal that left must not come back.
 */
describe('EA presence in Redis', () => {
  it("writes every terminal's latest heartbeat within a flush, for several users at once", async () => {
    const users = await Promise.all([1, 2, 3].map(() => createTestUser(t.deps.database.db)));
    const eas = await Promise.all(users.map(() => openEaSocket(t.baseUrl)));
    eas.forEach((ea, i) => {
      ea.send(helloFrame(users[i]!.licenseNumber));
    });
    await Promise.all(eas.map((ea) => ea.next((f) => f.type === 'welcome')));
    // The welcome goes out before the connection is recorded.
    for (const user of users) {
      await until(async () => (await t.deps.presence.members(user.id, 0)).length === 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const beforePings = Date.now();
    for (const ea of eas) {
      ea.send({ type: 'ping', t: 1 });
      ea.send({ type: 'ping', t: 2 });
    }
    await Promise.all(eas.map((ea) => ea.next((f) => f.type === 'pong' && f.t === 2)));
    await settle();
    for (const user of users) {
      expect(await t.deps.presence.lastSeen(user.id)).toBeGreaterThanOrEqual(beforePings);
      expect(await t.deps.presence.members(user.id, beforePings)).toHaveLength(1);
    }
    for (const ea of eas) ea.close();
  });

  it('does not write a heartbeat held for the flush after its terminal left', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await openEaSocket(t.baseUrl);
    ea.send(helloFrame(user.licenseNumber));
    await ea.next((f) => f.type === 'welcome');
    await until(async () => (await t.deps.presence.members(user.id, 0)).length === 1);

    ea.send({ type: 'ping', t: 1 });
    await ea.next((f) => f.type === 'pong');
    ea.close();
    await ea.closed;
    await until(async () => (await t.deps.presence.members(user.id, 0)).length === 0);
    await settle();
    expect(await t.deps.presence.members(user.id, 0)).toEqual([]);
  });
});
