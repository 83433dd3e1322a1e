import { z } from 'zod';
import type { EaRules } from './ea-protocol.ts';

/**
 * The account rules API (GET/PUT /api/rules), shared with the client's form. Rules checked at
 * intake (trading hours, allowed symbols, the daily trade count, the symbol map, the lot of
 * the alert) are the user's: one alert goes to every terminal of the license. Rules the
 * terminal checks (max lot, open positions, daily loss) may be overridden per account; they
 * travel to v3 EAs resolved for their account (ea/PROTOCOL.md, "Rules").
 */

/** What the error messages, the change log and the docs call each rule. */
export const ruleLabels = {
  maxLot: 'max lot',
  maxOpenPositions: 'max open positions',
  maxDailyTrades: 'max daily trades',
  maxDailyLoss: 'max daily loss',
  tradingHours: 'trading hours',
  allowedSymbols: 'allowed symbols',
  symbolMap: 'symbol map',
} as const;
export type RuleName = keyof typeof ruleLabels;

export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof weekDays)[number];

/** A broker or alert symbol: the characters the alert parser accepts. */
const symbol = z
  .string({ error: 'must be a symbol' })
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'is too long')
  .regex(/^[A-Za-z0-9._#+!\-/]+$/, 'contains characters no broker symbol uses');

const lots = z
  .number({ error: 'must be a number of lots' })
  .positive('must be above 0')
  .max(1000, 'must be at most 1000');
const count = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

const clock = z
  .string({ error: 'must be a time such as 08:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time from 00:00 to 23:59 (HH:MM)');

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Openings are allowed from `from` to `to` (local time in `timeZone`) on `days`; `to` before
 * `from` is a window across midnight (22:00–06:00), counted on the day it starts.
 */
export const tradingHoursSchema = z
  .strictObject({
    timeZone: z
      .string({ error: 'must be a time zone such as Europe/London' })
      .refine(isTimeZone, 'is not a known time zone (use a name such as Europe/London or UTC)'),
    days: z
      .array(z.enum(weekDays, { error: 'must be mon, tue, wed, thu, fri, sat or sun' }))
      .min(1, 'must name at least one day')
      .max(7),
    from: clock,
    to: clock,
  })
  .refine((hours) => hours.from !== hours.to, {
    path: ['to'],
    message: 'must differ from "from" (leave trading hours off to trade all day)',
  });
export type TradingHours = z.infer<typeof tradingHoursSchema>;

/** Money (account currency) or percent of the day's starting balance: exactly one above 0. */
export const dailyLossSchema = z
  .strictObject({
    amount: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(1e12),
    percent: z.number({ error: 'must be a number' }).min(0, 'must not be negative').max(100),
    closeAll: z.boolean({ error: 'must be true or false' }),
  })
  .refine((loss) => loss.amount > 0 !== loss.percent > 0, {
    path: ['amount'],
    message: 'set either an amount or a percent above 0, not both',
  });
export type DailyLoss = z.infer<typeof dailyLossSchema>;

/** The rules a terminal checks: the ones an account may override. null = off. */
const terminalRuleShape = {
  maxLot: lots.nullable(),
  maxOpenPositions: count(1000).nullable(),
  maxDailyLoss: dailyLossSchema.nullable(),
};

/**
 * One account's overrides: a rule absent here is the user's; null switches it off for this
 * account.
 */
export const accountOverridesSchema = z.strictObject({
  maxLot: terminalRuleShape.maxLot.optional(),
  maxOpenPositions: terminalRuleShape.maxOpenPositions.optional(),
  maxDailyLoss: terminalRuleShape.maxDailyLoss.optional(),
});
export type AccountOverrides = z.infer<typeof accountOverridesSchema>;

export const maxAccountOverrides = 50;
export const maxSymbolEntries = 200;

export const rulesSchema = z.strictObject({
  ...terminalRuleShape,
  maxDailyTrades: count(100_000).nullable(),
  tradingHours: tradingHoursSchema.nullable(),
  allowedSymbols: z
    .array(symbol)
    .max(maxSymbolEntries, `must list at most ${maxSymbolEntries} symbols`),
  /** Alert symbol → broker symbol, matched without regard to case. */
  symbolMap: z
    .record(z.string(), symbol)
    .superRefine((map, ctx) => {
      for (const key of Object.keys(map)) {
        const parsed = symbol.safeParse(key);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', path: [key], message: parsed.error.issues[0]!.message });
        }
      }
    })
    .refine((map) => Object.keys(map).length <= maxSymbolEntries, {
      message: `must have at most ${maxSymbolEntries} entries`,
    })
    .refine(
      (map) =>
        new Set(Object.keys(map).map((key) => key.toUpperCase())).size === Object.keys(map).length,
      { message: 'names the same alert symbol twice (letter case does not count)' },
    ),
  accounts: z
    .record(z.string(), accountOverridesSchema)
    .superRefine((accounts, ctx) => {
      // Checked here: zod's own record key check says only "Invalid key in record".
      for (const account of Object.keys(accounts)) {
        if (!/^\d{1,20}$/.test(account)) {
          ctx.addIssue({
            code: 'custom',
            path: [account],
            message: 'must be an account number (digits)',
          });
        }
      }
    })
    .refine((accounts) => Object.keys(accounts).length <= maxAccountOverrides, {
      message: `must have at most ${maxAccountOverrides} accounts`,
    }),
});
export type Rules = z.infer<typeof rulesSchema>;

/** A user without saved rules: everything off. */
export const noRules: Rules = {
  maxLot: null,
  maxOpenPositions: null,
  maxDailyLoss: null,
  maxDailyTrades: null,
  tradingHours: null,
  allowedSymbols: [],
  symbolMap: {},
  accounts: {},
};

/** One saved change: who, when, and each rule's value before → after (as JSON text). */
export type RuleChange = {
  at: string;
  by: string;
  changes: { rule: string; before: string; after: string }[];
};

/** What GET and PUT answer. */
export type RulesView = { rules: Rules; changes: RuleChange[] };

/** The rules one terminal checks, with its account's overrides applied (protocol v3 wire). */
export function eaRulesFor(rules: Rules, account: string): EaRules {
  const own = rules.accounts[account] ?? {};
  const pick = <K extends keyof AccountOverrides>(key: K) =>
    own[key] === undefined ? rules[key] : own[key];
  const maxLot = pick('maxLot');
  const maxOpenPositions = pick('maxOpenPositions');
  const maxDailyLoss = pick('maxDailyLoss');
  return {
    ...(maxLot ? { maxLot } : {}),
    ...(maxOpenPositions ? { maxOpenPositions } : {}),
    ...(maxDailyLoss ? { maxDailyLoss } : {}),
  };
}
