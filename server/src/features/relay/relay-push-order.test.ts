import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { helloFrame, openEaSocket } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields, postWebhook } from '../../../test/webhook.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ redis: true, listen: true });
});
afterAll(() => t.close());

describe('a burst of alerts on one license', () => {
  it('reaches the EA before any of its senders is answered', async () => {
    const user = await createTestUser(t.deps.database.db);
    const ea = await openEaSocket(t.baseUrl);
    ea.send(helloFrame(user.licenseNumber));
    await ea.next((f) => f.type === 'welcome');

    // What this process sees, in the order it sees it: the EA's signal frames, the replies.
    const seen: string[] = [];
    ea.socket.on('message', (data) => {
      if (data.toString().includes('"type":"signal"')) seen.push('signal');
    });
    const replies = Array.from({ length: 10 }, () =>
      postWebhook(t.baseUrl, alertFields(user.licenseNumber)).then((res) => {
        seen.push('reply');
        return res.status;
      }),
    );
    expect(await Promise.all(replies)).toEqual(Array(10).fill(200));
    expect(seen.filter((s) => s === 'signal').length).toBeGreaterThan(0);
    // Every reply comes after the signal frames written in its turn: the first reply follows
    // a signal, never precedes all of them.
    expect(seen[0]).toBe('signal');
    ea.close();
  });
});
