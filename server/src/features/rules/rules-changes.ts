import {
  type DailyLoss,
  type RuleChange,
  type Rules,
  ruleLabels,
  type TradingHours,
} from '@signalrelay/contracts/rules';
import type { ruleChanges } from '../../db/schema/rules.ts';

type Value = Rules[keyof typeof ruleLabels];

/** A rule's value in the words the change log shows ("off", "500 (close all)", "GOLD→XAUUSD"). */
export function describeRule(value: Value | undefined, inherited = false): string {
  if (value === undefined) return inherited ? 'as your rules' : 'off';
  if (value === null) return 'off';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'all' : value.join(', ');
  if ('timeZone' in value) {
    const hours = value as TradingHours;
    return `${hours.days.join(', ')} ${hours.from}–${hours.to} (${hours.timeZone})`;
  }
  if ('closeAll' in value) {
    const loss = value as DailyLoss;
    const limit = loss.amount > 0 ? `${loss.amount}` : `${loss.percent}%`;
    return loss.closeAll ? `${limit}, close all` : limit;
  }
  const entries = Object.entries(value as Record<string, string>);
  return entries.length === 0 ? 'none' : entries.map(([from, to]) => `${from}→${to}`).join(', ');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each rule a save changed, account overrides named by their account. */
function diff(before: Rules, after: Rules): RuleChange['changes'] {
  const changes: RuleChange['changes'] = [];
  for (const key of Object.keys(ruleLabels) as (keyof typeof ruleLabels)[]) {
    if (same(before[key], after[key])) continue;
    changes.push({
      rule: ruleLabels[key],
      before: describeRule(before[key]),
      after: describeRule(after[key]),
    });
  }
  const accounts = new Set([...Object.keys(before.accounts), ...Object.keys(after.accounts)]);
  for (const account of [...accounts].sort()) {
    const was = before.accounts[account] ?? {};
    const now = after.accounts[account] ?? {};
    for (const key of ['maxLot', 'maxOpenPositions', 'maxDailyLoss'] as const) {
      if (same(was[key] === undefined ? '-' : was[key], now[key] === undefined ? '-' : now[key])) {
        continue;
      }
      changes.push({
        rule: `${ruleLabels[key]} on account ${account}`,
        before: describeRule(was[key], true),
        after: describeRule(now[key], true),
      });
    }
  }
  return changes;
}

export function changeView(row: typeof ruleChanges.$inferSelect): RuleChange {
  return {
    at: row.changedAt.toISOString(),
    by: row.changedBy,
    changes: diff(row.before, row.after),
  };
}
