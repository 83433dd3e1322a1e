import { pino } from 'pino';
import { billingConfigured } from './core/plans.ts';
import { plans } from './db/schema/users.ts';
import { isPlan, setPlan } from './features/billing/billing-admin.ts';
import { loggerOptions } from './logger.ts';
import { loadConfigOrExit, openDepsOrExit } from './startup.ts';

/**
 * `npm run admin -- <command>`: operator commands against the configured database (and Redis,
 * so running servers hear about the change). With the embedded database, stop the server
 * first: PGlite's files belong to one process at a time.
 */
const usage = `Usage: npm run admin -- set-plan <email> <${plans.join('|')}>`;

const [command, ...args] = process.argv.slice(2);
if (command !== 'set-plan' || args.length !== 2) {
  console.error(usage);
  process.exit(2);
}
const [email, plan] = args as [string, string];
if (!isPlan(plan)) {
  console.error(`Unknown plan "${plan}". ${usage}`);
  process.exit(2);
}

const config = loadConfigOrExit();
const logger = pino(loggerOptions('warn'));
const deps = await openDepsOrExit(config, logger, { migrate: true });
let exitCode = 0;
try {
  const { previous } = await setPlan(
    { db: deps.database.db, bus: deps.bus, now: deps.now },
    email,
    plan,
  );
  console.log(`${email}: plan ${previous} → ${plan}.`);
  if (billingConfigured(config)) {
    console.warn(
      'Note: Stripe billing is configured, so paid plans follow Stripe subscriptions; the next subscription event for this account replaces this plan.',
    );
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  exitCode = 1;
} finally {
  await deps.close();
}
process.exit(exitCode);
