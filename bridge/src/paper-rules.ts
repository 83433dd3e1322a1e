import type { EaRules, HealthIssue, Signal } from '@signalrelay/contracts/ea-protocol';
import type { ExecutionOutcome, Executor } from './ea-types.ts';
import type { Sizing } from './paper-sizing.ts';

/**
 * The account rules a v3 EA enforces itself (ea/PROTOCOL.md, "Rules"), where the truth is:
 * the lot it computes, its open positions, its equity against the day's starting balance.
 * The shipped MQL EAs do the same; this is the reference EA's copy for the paper terminal.
 */

/** What the rules need to know of the account. */
export interface RuleAccount {
  readonly balance: number;
  readonly currency: string;
  equity(): number;
  openPositions(): readonly unknown[];
  lotFor(signal: Signal): Sizing;
  closeEverything(): number;
}

export interface EaRuleKeeper {
  /** The rules the server sent (replacing the ones before); re-checks the daily loss. */
  set(rules: EaRules): void;
  /** The refusal of a signal a rule stops, or null. Closing signals always pass. */
  check(signal: Signal): ExecutionOutcome | null;
  /** Re-checks the daily loss (a terminal does it on every tick). */
  watch(): void;
  /** `execute` behind the rules: a signal they stop gets their refusal instead. */
  guard(execute: Executor): Executor;
  /** True while the daily loss holds: openings are refused until the next day. */
  readonly lossReached: boolean;
}

const openings = new Set(['buy', 'sell', 'buylimit', 'selllimit', 'buystop', 'sellstop']);
const ruleWords = {
  maxLot: 'max lot',
  maxOpenPositions: 'max open positions',
  maxDailyLoss: 'max daily loss',
};
const money = (value: number) => value.toFixed(2);

/** The broker's day: paper terminals keep server time in UTC. */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export function createRuleKeeper(
  account: RuleAccount,
  options: {
    now?: () => number;
    /** The whole health list whenever the daily loss starts or stops holding. */
    onHealth?: (issues: HealthIssue[]) => void;
  } = {},
): EaRuleKeeper {
  const now = options.now ?? Date.now;
  let rules: EaRules = {};
  let day = '';
  let startBalance = 0;
  let reached: HealthIssue | null = null;

  const refuse = (rule: keyof typeof ruleWords, text: string): ExecutionOutcome => ({
    status: 'error',
    rule,
    message: `${text} (rule: ${ruleWords[rule]}).`,
  });

  /** The equity at which the day's loss is reached, or null when the rule is off. */
  function floor(): number | null {
    const loss = rules.maxDailyLoss;
    if (loss?.amount) return startBalance - loss.amount;
    if (loss?.percent) return startBalance * (1 - loss.percent / 100);
    return null;
  }

  function newDay() {
    const today = utcDay(now());
    if (today === day) return;
    // The starting balance is the balance the first time the EA sees the day.
    day = today;
    startBalance = account.balance;
    if (reached) {
      reached = null;
      options.onHealth?.([]);
    }
  }

  function watch() {
    newDay();
    const limit = floor();
    if (reached || limit === null) return;
    const equity = account.equity();
    if (equity > limit) return;
    const { currency } = account;
    const lost = startBalance - equity;
    const closed = rules.maxDailyLoss?.closeAll ? account.closeEverything() : 0;
    reached = {
      code: 'DAILY_LOSS_REACHED',
      message:
        `Daily loss ${money(lost)} ${currency} reached your maximum ${money(startBalance - limit)} ${currency} ` +
        `(day started at ${money(startBalance)} ${currency})` +
        `${closed ? `; closed ${closed} position${closed === 1 ? '' : 's'}` : ''}. ` +
        'New positions are refused until the next day.',
    };
    options.onHealth?.([reached]);
  }

  return {
    set(next) {
      rules = next;
      // Rules switched off or loosened lift a reached loss at once.
      if (reached && (floor() === null || account.equity() > (floor() ?? 0))) {
        reached = null;
        options.onHealth?.([]);
      }
      watch();
    },
    check(signal) {
      if (!openings.has(signal.position)) return null;
      watch();
      if (reached)
        return refuse('maxDailyLoss', reached.message.replace(/\. New positions.*$/, ''));
      const max = rules.maxOpenPositions;
      const count = account.openPositions().length;
      if (max && count >= max) {
        return refuse('maxOpenPositions', `${count} open positions reach your maximum ${max}`);
      }
      if (rules.maxLot) {
        const sizing = account.lotFor(signal);
        if (sizing.ok && sizing.lots > rules.maxLot) {
          return refuse(
            'maxLot',
            `Lot ${money(sizing.lots)} is above your maximum ${money(rules.maxLot)}`,
          );
        }
      }
      return null;
    },
    watch,
    guard(execute) {
      return (signal) => this.check(signal) ?? execute(signal);
    },
    get lossReached() {
      return reached !== null;
    },
  };
}
