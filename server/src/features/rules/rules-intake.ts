import { type RuleName, type Rules, ruleLabels } from '@signalrelay/contracts/rules';
import type { WebhookAlert } from '@signalrelay/contracts/signals';
import type { PublishLive } from '../../core/live-events.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { NewSignal } from '../../core/signal-rows.ts';
import { toSignalView } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { signals } from '../../db/schema/signals.ts';
import { AppError } from '../../errors.ts';
import type { Quota } from '../../ports/quota.ts';
import type { RulesBook } from './rules-book.ts';
import { localTime, withinHours } from './rules-clock.ts';

/** Why a rule stopped an alert: the rule, and a message with its numbers. */
export type RuleStop = { rule: RuleName; message: string };

/** The alert to store and send (its symbol mapped), or the rule that stops it. */
export type RuleVerdict =
  | { alert: WebhookAlert; stop?: never; release: () => Promise<void> }
  | { alert: WebhookAlert; stop: RuleStop; release?: never };

/** Positions that open a position or place an order: the ones rules may refuse. */
const closing = new Set(['closebuy', 'closesell', 'closeall', 'cancel', 'modify']);

const twoDaysMs = 2 * 24 * 60 * 60 * 1000;
const nothingToRelease = async () => undefined;

const lots = (value: number) => value.toFixed(2);
const stop = (rule: RuleName, text: string): RuleStop => ({
  rule,
  message: `${text} (rule: ${ruleLabels[rule]}).`,
});

/** Alert symbol → broker symbol; keys match without regard to case. */
function mapped(rules: Rules, symbol: string) {
  const wanted = symbol.toUpperCase();
  for (const [from, to] of Object.entries(rules.symbolMap)) {
    if (from.toUpperCase() === wanted) return to;
  }
  return symbol;
}

/**
 * The largest lot the server may refuse above: a given lot goes to every account, and an
 * account's override may allow more than the user's rule (or switch it off). Each v3 EA
 * still checks its own account's maximum.
 */
function serverMaxLot(rules: Rules): number | null {
  let max = rules.maxLot;
  for (const own of Object.values(rules.accounts)) {
    if (own.maxLot === undefined) continue;
    if (own.maxLot === null || max === null) return null;
    max = Math.max(max, own.maxLot);
  }
  return max;
}

/**
 * The rules checked where the truth is at intake (ea/PROTOCOL.md, "Rules"): the symbol map,
 * allowed symbols, trading hours, the alert's own lot and the day's trade count. Closing
 * signals only get the symbol map: a close must always reach the EA.
 */
export function createRuleGuard(deps: {
  rules: RulesBook;
  quota: Quota;
  db: Db;
  publishLive: PublishLive;
  metrics: Metrics;
}) {
  const { rules: book, quota, db, publishLive, metrics } = deps;

  function symbolStop(rules: Rules, alert: WebhookAlert, broker: string): RuleStop | null {
    if (rules.allowedSymbols.length === 0) return null;
    const names = new Set([alert.symbol.toUpperCase(), broker.toUpperCase()]);
    if (rules.allowedSymbols.some((allowed) => names.has(allowed.toUpperCase()))) return null;
    const list = rules.allowedSymbols.join(', ');
    return stop('allowedSymbols', `${alert.symbol} is not one of your allowed symbols (${list})`);
  }

  function hoursStop(rules: Rules, at: number): RuleStop | null {
    const hours = rules.tradingHours;
    if (!hours || withinHours(hours, at)) return null;
    const local = localTime(at, hours.timeZone);
    return stop(
      'tradingHours',
      `${local.day} ${local.clock} in ${hours.timeZone} is outside your trading hours (${hours.days.join(', ')} ${hours.from}–${hours.to})`,
    );
  }

  function lotStop(rules: Rules, alert: WebhookAlert): RuleStop | null {
    // A lot computed from the risk is only known in the terminal: the EA checks that one.
    if (alert.riskPercentage > 0) return null;
    const max = serverMaxLot(rules);
    if (max === null || alert.lot <= max) return null;
    return stop('maxLot', `Lot ${lots(alert.lot)} is above your maximum ${lots(max)}`);
  }

  /** Counts the opening against the day (in the trading hours' zone, else UTC). */
  async function countTrade(rules: Rules, userId: string, at: number) {
    const max = rules.maxDailyTrades;
    if (max === null) return { release: nothingToRelease };
    const day = localTime(at, rules.tradingHours?.timeZone ?? 'UTC').date;
    const key = `rules-trades:${userId}:${day}`;
    const count = await quota.increment(key, at + twoDaysMs);
    const release = async () => {
      await quota.decrement(key).catch(() => undefined);
    };
    if (count <= max) return { release };
    await release();
    return {
      stop: stop('maxDailyTrades', `Trade ${count} of ${day} is above your maximum ${max} a day`),
    };
  }

  return {
    /**
     * Applies the rules to one alert. A real opening that passes is counted against the
     * daily trades; `release` gives the count back when the signal is not stored after all.
     */
    async check(userId: string, alert: WebhookAlert, at: number): Promise<RuleVerdict> {
      const rules = await book.get(userId);
      const broker = mapped(rules, alert.symbol);
      const out = broker === alert.symbol ? alert : { ...alert, symbol: broker };
      if (closing.has(alert.position)) return { alert: out, release: nothingToRelease };
      const found =
        symbolStop(rules, alert, broker) ?? hoursStop(rules, at) ?? lotStop(rules, alert);
      if (found) return { alert: out, stop: found };
      if (alert.isTest) return { alert: out, release: nothingToRelease };
      const counted = await countTrade(rules, userId, at);
      return counted.stop ? { alert: out, stop: counted.stop } : { alert: out, ...counted };
    },

    /**
     * Keeps a stopped signal in Signal History (status `error`, the rule and its message;
     * never sent) and returns the webhook's answer. The dashboard and the notifier hear of it.
     */
    async refuse(values: NewSignal, { rule, message }: RuleStop): Promise<AppError> {
      const [row] = await db
        .insert(signals)
        .values({ ...values, status: 'error', errorMessage: message, rule })
        .returning();
      if (row) {
        metrics.signalsByStatus.inc({ status: row.status });
        publishLive(row.userId, { type: 'signal', signal: toSignalView(row) });
      }
      return new AppError('RULE_REFUSED', message, { signalId: row?.id, rule });
    },
  };
}

export type RuleGuard = ReturnType<typeof createRuleGuard>;
