import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startJobs } from '../src/jobs.ts';
import { type OpenDeps, openDeps } from '../src/open-deps.ts';

export type EmbeddedApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: OpenDeps;
  /** Closes the app and its ports, then removes DATA_DIR. */
  close(): Promise<void>;
};

/**
 * The app as `npm start` runs it with nothing configured: PGlite under a fresh DATA_DIR, the
 * in-process adapters and jobs. `env` adds to the configuration; logs are silent. PGlite
 * compiles its WebAssembly on first open: seconds on a quiet machine, more when busy.
 */
export async function startEmbeddedApp(env: Record<string, string> = {}): Promise<EmbeddedApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'signalrelay-embedded-'));
  let deps: OpenDeps | undefined;
  let app: EmbeddedApp['app'] | undefined;
  const close = async () => {
    await app?.close();
    await deps?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    deps = await openDeps(
      loadConfig({ LOG_LEVEL: 'silent', ...env, DATA_DIR: dataDir }),
      pino({ level: 'silent' }),
    );
    await deps.database.migrate();
    app = await buildApp(deps);
    await startJobs(deps);
    return { app, deps, close };
  } catch (err) {
    await close();
    throw err;
  }
}
