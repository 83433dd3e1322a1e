import type { EaRules } from '@signalrelay/contracts/ea-protocol';
import { eaRulesFor, noRules, type Rules, rulesSchema } from '@signalrelay/contracts/rules';
import { desc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createRefreshingCache } from '../../core/refreshing-cache.ts';
import { sha256 } from '../../core/tokens.ts';
import type { Database } from '../../db/db.ts';
import { accountRules, ruleChanges } from '../../db/schema/rules.ts';
import type { Bus } from '../../ports/bus.ts';

/** Bus channel: a user's rules changed (the message is the user id). */
export const rulesChannel = 'rules-changed';

/**
 * How long a user's rules are trusted without a change message (a message lost on the bus);
 * then they are read again in the background, the alert at hand still checked against them.
 */
const cacheTtlMs = 30_000;
const cacheMaxUsers = 50_000;
/** The change log shows this many saves. */
const changesShown = 50;

/**
 * A user's rules, as a named statement (parsed and planned once per connection): every
 * license's first alert and EA hello after a restart reads them, and each user's again every
 * `cacheTtlMs`.
 */
const rulesSql = 'select rules from account_rules where user_id = $1';

/** The rules one terminal enforces, with the opaque id the protocol compares (its hash). */
export type EaRuleSet = { rulesId: string; rules: EaRules };

export function eaRuleSet(rules: Rules, account: string): EaRuleSet {
  const resolved = eaRulesFor(rules, account);
  const rulesId = sha256(JSON.stringify(resolved)).slice(0, 16);
  return { rulesId, rules: resolved };
}

/**
 * Every user's rules, read by intake (each alert) and the EA gateway (each hello and poll):
 * cached per user, dropped on every instance when they are saved. Listeners hear of each
 * change here and on other instances (the gateway sends the new rules to the user's EAs).
 */
export function createRulesBook(deps: {
  database: Database;
  bus: Bus;
  now: () => number;
  logger: Logger;
}) {
  const { database, bus, now, logger } = deps;
  const { db } = database;
  const listeners = new Set<(userId: string) => void>();

  async function load(userId: string): Promise<Rules> {
    const [row] = await database.prepared('user_rules', rulesSql, [userId]);
    if (!row) return noRules;
    // A document saved by an older server may lack a newer rule: it is off.
    const parsed = rulesSchema.safeParse({ ...noRules, ...(row.rules as Partial<Rules>) });
    if (parsed.success) return parsed.data;
    logger.error({ userId, issue: parsed.error.issues[0] }, 'stored rules are not valid');
    return noRules;
  }

  const cache = createRefreshingCache({
    load,
    ttlMs: () => cacheTtlMs,
    maxEntries: cacheMaxUsers,
    now,
  });

  function changed(userId: string) {
    cache.delete(userId);
    for (const listener of listeners) listener(userId);
  }

  return {
    get(userId: string): Promise<Rules> {
      return cache.get(userId);
    },

    /** The change log, newest first. */
    changes(userId: string) {
      return db
        .select()
        .from(ruleChanges)
        .where(eq(ruleChanges.userId, userId))
        .orderBy(desc(ruleChanges.changedAt), desc(ruleChanges.id))
        .limit(changesShown);
    },

    /** Saves `after` and logs the change (when there is one); every instance hears of it. */
    async save(userId: string, by: string, after: Rules) {
      const before = await load(userId);
      if (JSON.stringify(before) === JSON.stringify(after)) return false;
      await db.transaction(async (tx) => {
        await tx
          .insert(accountRules)
          .values({ userId, rules: after, updatedAt: new Date(now()) })
          .onConflictDoUpdate({
            target: accountRules.userId,
            set: { rules: after, updatedAt: new Date(now()) },
          });
        await tx
          .insert(ruleChanges)
          .values({ userId, changedBy: by, changedAt: new Date(now()), before, after });
      });
      changed(userId);
      bus.publish(rulesChannel, userId).catch((err) => logger.warn({ err }, 'bus unavailable'));
      return true;
    },

    /** Runs `listener` each time a user's rules change, here or on another instance. */
    onChange(listener: (userId: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Listens for other instances' saves; returns the unsubscribe function. */
    listen() {
      return bus.subscribe(rulesChannel, changed);
    },
  };
}

export type RulesBook = ReturnType<typeof createRulesBook>;
