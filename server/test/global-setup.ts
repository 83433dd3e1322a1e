import { probePostgres, probeRedis, testDatabaseUrl, testRedisUrl } from './services.ts';

/**
 * Runs once before all tests. Under CI a missing Postgres or Redis fails the run here; locally
 * it prints a warning, and every test that needs the service fails with the same reason
 * (`requirePostgres` / `requireRedis`), so nothing silently passes.
 */
export default async function globalSetup() {
  const [postgres, redis] = await Promise.all([probePostgres(), probeRedis()]);
  const missing = [
    postgres && `Postgres at ${testDatabaseUrl} (TEST_DATABASE_URL): ${postgres}`,
    redis && `Redis at ${testRedisUrl} (TEST_REDIS_URL): ${redis}`,
  ].filter((line): line is string => Boolean(line));
  if (missing.length === 0) return;

  const lines = ['Test services not reachable:', ...missing.map((line) => `  - ${line}`)];
  if (process.env.CI === 'true') {
    throw new Error(`${lines.join('\n')}\nCI=true: every service is required.`);
  }
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n${lines.join('\n')}\nTests that need them will FAIL. Start the services to run them.\n${bar}\n`,
  );
}
