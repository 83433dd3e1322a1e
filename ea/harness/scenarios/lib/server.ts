import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../../../server/test/app.ts';
import { buildApp } from '../../../../server/test/internals.ts';
import { sessionCookie } from '../../../../server/test/sessions.ts';
import { createTestUser } from '../../../../server/test/users.ts';

/**
 * The real server for a scenario: the app as main.ts builds it, on a fresh Postgres database
 * and a private Redis prefix (server/test/app.ts), listening on a free port so EA processes
 * reach it over real HTTP and WebSocket. `restart()` closes the listening app (EAs see their
 * connections close) and starts a new one on the same port, database and Redis: what a
 * deploy or a crash-and-restart looks like from the terminal.
 */
export type ScenarioServer = {
  url: string;
  port: number;
  restart(): Promise<void>;
  /** A verified user with a license, and the session cookie of its dashboard. */
  user(): Promise<TraderAccount>;
  close(): Promise<void>;
};

export type TraderAccount = { id: string; licenseNumber: string; cookie: string };

export async function startServer(options: { signalTtlMs?: number } = {}): Promise<ScenarioServer> {
  const test: TestApp = await createTestApp({
    redis: true,
    ...(options.signalTtlMs ? { SIGNAL_TTL_MS: options.signalTtlMs } : {}),
  });
  let app: FastifyInstance = test.app;
  let url: string;
  try {
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    await test.close();
    throw err;
  }
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    async restart() {
      await app.close();
      app = await buildApp(test.deps);
      await app.listen({ port, host: '127.0.0.1' });
    },
    async user() {
      const db = test.deps.database.db;
      const user = await createTestUser(db);
      return { ...user, cookie: await sessionCookie(app, db, user.id) };
    },
    async close() {
      if (app !== test.app) await app.close();
      await test.close();
    },
  };
}
