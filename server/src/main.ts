import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { startJobs } from './jobs.ts';
import { createLogger } from './logger.ts';
import { loadConfigOrExit, openDepsOrExit } from './startup.ts';
import { keepNewObjectsYoung } from './young-objects.ts';

/** Milliseconds a SIGTERM may take: in-flight requests finish, sockets close, then we exit. */
const shutdownGraceMs = 9000;
/**
 * Connections the kernel may hold for us before we accept them. Node takes one new connection
 * per event-loop turn; past Node's default queue (511) the kernel drops handshakes and their
 * senders wait out TCP's 1 s, 3 s, 7 s … retransmits. A longer queue lets a burst wait instead;
 * steady connection churn still needs a proxy that keeps its connections to us open
 * (load-tests/RESULTS.md, 3,000 alerts/s). Linux caps this at net.core.somaxconn (4096).
 */
const listenBacklog = 4096;

keepNewObjectsYoung();
const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);
const deps = await openDepsOrExit(config, logger, { migrate: true });

const app = await buildApp(deps);
if (config.RUN_JOBS) await startJobs(deps);

closeWithGrace({ delay: shutdownGraceMs }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'closing after an error');
  else logger.info({ signal }, 'shutting down');
  await app.close(); // WebSockets (with a reconnect close code), then HTTP
  await deps.close(); // jobs, Redis, mailer, database
});

await app.listen({ port: config.PORT, host: config.HOST, backlog: listenBacklog });
logger.info(
  { database: deps.database.kind, redis: Boolean(deps.redis) },
  `SignalRelay is running at ${config.publicUrl}`,
);
if (process.stdout.isTTY) {
  // A person started this: say it plainly, not only in the JSON log.
  const mode = deps.redis ? 'Postgres + Redis' : `embedded database in ${config.DATA_DIR}`;
  console.log(`\n  SignalRelay is running at ${config.publicUrl}  (${mode})\n`);
}
