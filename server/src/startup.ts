import type { Logger } from 'pino';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type OpenDeps, openDeps } from './open-deps.ts';

/**
 * Start-up shared by the server and the worker: a bad configuration or an unreachable service
 * ends the process with one readable line per problem and exit code 1, never a stack trace.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

export async function openDepsOrExit(
  config: Config,
  logger: Logger,
  { migrate }: { migrate: boolean },
): Promise<OpenDeps> {
  // Blame by stage, not by guessing from the message: with both services configured an
  // ECONNREFUSED alone does not say which one is down.
  let deps: OpenDeps;
  try {
    deps = await openDeps(config, logger);
  } catch (err) {
    console.error(`Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  if (!migrate) return deps;
  try {
    await deps.database.migrate();
  } catch (err) {
    const database =
      deps.database.kind === 'postgres'
        ? 'the database at DATABASE_URL'
        : `the embedded database in ${config.DATA_DIR}`;
    console.error(`Start-up failed: cannot reach or migrate ${database} (${rootMessage(err)})`);
    process.exit(1);
  }
  return deps;
}

/** The innermost cause: drizzle wraps the driver error that says why (ECONNREFUSED, auth…). */
function rootMessage(err: unknown): string {
  let current = err;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  if (current instanceof AggregateError && !current.message) {
    return current.errors.map((e) => rootMessage(e)).join('; ');
  }
  return current instanceof Error ? current.message : String(current);
}
