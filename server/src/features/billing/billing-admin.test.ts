import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { requireRedis } from '../../../test/services.ts';
import { createTestUser } from '../../../test/users.ts';
import { userChangedChannel } from '../../core/user-events.ts';
import { setPlan } from './billing-admin.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ redis: true, SELF_HOSTED_PLAN: 'free' });
});
afterAll(() => t?.close());

function alert(licenseNumber: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.01 },
  });
}

/** `npm run admin -- …` as an operator runs it, against the test database and Redis. */
async function admin(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, ['src/admin-cli.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('set-plan without billing', () => {
  it('changes the plan, and the running server applies the new quota at once', async () => {
    const db = t.deps.database.db;
    const user = await createTestUser(db, { plan: 'free' });
    expect((await alert(user.licenseNumber)).statusCode).toBe(403);

    const { previous } = await setPlan(
      { db, bus: t.deps.bus, now: t.deps.now },
      user.email.toUpperCase(),
      'basic',
    );
    expect(previous).toBe('free');
    // The announcement travels through Redis pub/sub; the cached free plan would last a minute.
    await expect.poll(async () => (await alert(user.licenseNumber)).statusCode).toBe(200);
  });

  it('runs as `npm run admin -- set-plan` and announces the change on Redis', async () => {
    const db = t.deps.database.db;
    const user = await createTestUser(db, { plan: 'free' });
    const env = {
      DATABASE_URL: t.deps.config.DATABASE_URL!,
      REDIS_URL: await requireRedis(),
      REDIS_PREFIX: t.deps.config.REDIS_PREFIX,
      DATA_DIR: t.deps.config.DATA_DIR,
    };
    const listener = new Redis(env.REDIS_URL);
    const heard: string[] = [];
    listener.on('message', (_channel, message) => heard.push(message));
    await listener.subscribe(env.REDIS_PREFIX + userChangedChannel);
    try {
      // Each run starts a TypeScript process; run the three side by side.
      const [ok, unknown, badPlan] = await Promise.all([
        admin(['set-plan', user.email, 'pro'], env),
        admin(['set-plan', 'nobody@example.test', 'pro'], env),
        admin(['set-plan', user.email, 'gold'], env),
      ]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`${user.email}: plan free → pro.`);
      await expect.poll(() => heard).toContain(user.id);
      const { id } = await t.app.auth.sessions.create(user.id, 'test');
      const me = await t.app.inject({
        url: '/api/auth/getme',
        headers: { cookie: `${t.app.auth.cookieName}=${id}` },
      });
      expect(me.json().productType).toBe('pro');

      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account with the e-mail nobody@example.test.');
      expect(badPlan.code).toBe(2);
      expect(badPlan.stderr).toContain('Unknown plan "gold"');
    } finally {
      listener.disconnect();
    }
  }, 90_000);
});
