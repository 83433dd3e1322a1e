import { startJobs } from './jobs.ts';
import { createLogger } from './logger.ts';
import { loadConfigOrExit, openDepsOrExit } from './startup.ts';

/** Entry of the worker process: runs background jobs only (no HTTP). */
const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);
const deps = await openDepsOrExit(config, logger, { migrate: false });
await startJobs(deps);
logger.info('worker started');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    logger.info({ signal }, 'worker stopping');
    await deps.close();
    process.exit(0);
  });
}
