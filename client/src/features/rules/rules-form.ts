import {
  type AccountOverrides,
  accountOverridesSchema,
  type DailyLoss,
  dailyLossSchema,
  type Rules,
  rulesSchema,
  tradingHoursSchema,
  type WeekDay,
} from '@signalrelay/contracts/rules';
import { z } from 'zod';

/**
 * The Rules form: numbers as typed (empty = off), the daily loss as a kind and a value, the
 * symbol map and the account overrides as rows. `rulesFormSchema` checks each field with the
 * contracts' own schema (so the browser says what the server would) under the field's name,
 * then turns the form into the `Rules` the API takes.
 */

/** Off, or money in the account currency, or percent of the day's starting balance. */
export type LossKind = 'off' | 'amount' | 'percent';
/** An account's daily loss: as the user's rules, or its own. */
export type AccountLossKind = 'inherit' | LossKind;

export type AccountRow = {
  account: string;
  /** Empty: as the user's rules; "0": off on this account. */
  maxLot: string;
  maxOpenPositions: string;
  lossKind: AccountLossKind;
  lossValue: string;
  lossCloseAll: boolean;
};

export type RulesFormValues = {
  maxLot: string;
  maxOpenPositions: string;
  maxDailyTrades: string;
  lossKind: LossKind;
  lossValue: string;
  lossCloseAll: boolean;
  hoursOn: boolean;
  timeZone: string;
  days: WeekDay[];
  from: string;
  to: string;
  /** Separated by commas, spaces or new lines. */
  allowedSymbols: string;
  symbolMap: { from: string; to: string }[];
  accounts: AccountRow[];
};

const text = (value: number | null | undefined) => (value == null ? '' : String(value));
const numberOf = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const symbolsOf = (value: string) => value.split(/[\s,;]+/).filter(Boolean);

function lossOf(kind: LossKind, value: string, closeAll: boolean): DailyLoss | null {
  if (kind === 'off') return null;
  const amount = numberOf(value) ?? 0;
  return kind === 'amount'
    ? { amount, percent: 0, closeAll }
    : { amount: 0, percent: amount, closeAll };
}

/** A daily loss as the form's kind, value and close-all box. */
function lossFields(loss: DailyLoss | null) {
  const kind: LossKind = !loss ? 'off' : loss.amount > 0 ? 'amount' : 'percent';
  return {
    lossKind: kind,
    lossValue: loss ? String(loss.amount > 0 ? loss.amount : loss.percent) : '',
    lossCloseAll: loss?.closeAll ?? false,
  };
}

export function formOf(rules: Rules): RulesFormValues {
  const hours = rules.tradingHours;
  return {
    maxLot: text(rules.maxLot),
    maxOpenPositions: text(rules.maxOpenPositions),
    maxDailyTrades: text(rules.maxDailyTrades),
    ...lossFields(rules.maxDailyLoss),
    hoursOn: hours !== null,
    timeZone: hours?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    days: hours?.days ?? ['mon', 'tue', 'wed', 'thu', 'fri'],
    from: hours?.from ?? '08:00',
    to: hours?.to ?? '17:00',
    allowedSymbols: rules.allowedSymbols.join(', '),
    symbolMap: Object.entries(rules.symbolMap).map(([from, to]) => ({ from, to })),
    accounts: Object.entries(rules.accounts).map(([account, own]) => ({
      account,
      maxLot: own.maxLot === undefined ? '' : text(own.maxLot ?? 0),
      maxOpenPositions: own.maxOpenPositions === undefined ? '' : text(own.maxOpenPositions ?? 0),
      ...lossFields(own.maxDailyLoss ?? null),
      ...(own.maxDailyLoss === undefined && { lossKind: 'inherit' as const }),
    })),
  };
}

export const emptyAccount: AccountRow = {
  account: '',
  maxLot: '',
  maxOpenPositions: '',
  lossKind: 'inherit',
  lossValue: '',
  lossCloseAll: false,
};

/** An override field: empty inherits, 0 switches the rule off on that account. */
function overrideOf(value: string): number | null | undefined {
  const number = numberOf(value);
  if (number === null) return undefined;
  return number === 0 ? null : number;
}

function accountOf(row: AccountRow): AccountOverrides {
  const own: AccountOverrides = {};
  const maxLot = overrideOf(row.maxLot);
  const maxOpenPositions = overrideOf(row.maxOpenPositions);
  if (maxLot !== undefined) own.maxLot = maxLot;
  if (maxOpenPositions !== undefined) own.maxOpenPositions = maxOpenPositions;
  if (row.lossKind !== 'inherit') {
    own.maxDailyLoss = lossOf(row.lossKind, row.lossValue, row.lossCloseAll);
  }
  return own;
}

export function rulesOf(form: RulesFormValues): Rules {
  return {
    maxLot: numberOf(form.maxLot),
    maxOpenPositions: numberOf(form.maxOpenPositions),
    maxDailyTrades: numberOf(form.maxDailyTrades),
    maxDailyLoss: lossOf(form.lossKind, form.lossValue, form.lossCloseAll),
    tradingHours: form.hoursOn
      ? { timeZone: form.timeZone.trim(), days: form.days, from: form.from, to: form.to }
      : null,
    allowedSymbols: symbolsOf(form.allowedSymbols),
    symbolMap: Object.fromEntries(
      form.symbolMap
        .filter((row) => row.from.trim() || row.to.trim())
        .map((row) => [row.from.trim(), row.to.trim()]),
    ),
    accounts: Object.fromEntries(form.accounts.map((row) => [row.account.trim(), accountOf(row)])),
  };
}

type Path = (string | number)[];
/** Checks `value`; the message goes to `path`, or (`spread`) to `path` + the issue's own path. */
type Check = (path: Path, schema: z.ZodType, value: unknown, spread?: boolean) => void;

/** Each field against the contracts' schema for it, the message under the field. */
function checkFields(
  form: RulesFormValues,
  check: Check,
  fail: (path: Path, message: string) => void,
) {
  const { shape } = rulesSchema;
  const rules = rulesOf(form);
  check(['maxLot'], shape.maxLot, rules.maxLot);
  check(['maxOpenPositions'], shape.maxOpenPositions, rules.maxOpenPositions);
  check(['maxDailyTrades'], shape.maxDailyTrades, rules.maxDailyTrades);
  if (rules.maxDailyLoss) check(['lossValue'], dailyLossSchema, rules.maxDailyLoss);
  // The form's names are the schema's: timeZone, days, from, to.
  if (rules.tradingHours) check([], tradingHoursSchema, rules.tradingHours, true);
  check(['allowedSymbols'], shape.allowedSymbols, rules.allowedSymbols);
  const seen = new Set<string>();
  form.symbolMap.forEach((row, i) => {
    if (!row.from.trim() && !row.to.trim()) return;
    check(['symbolMap', i, 'from'], shape.symbolMap, { [row.from.trim()]: 'X' });
    check(['symbolMap', i, 'to'], shape.symbolMap, { X: row.to.trim() });
    const key = row.from.trim().toUpperCase();
    if (seen.has(key)) fail(['symbolMap', i, 'from'], 'is already mapped above');
    seen.add(key);
  });
  form.accounts.forEach((row, i) => {
    const own = accountOf(row);
    const account = row.account.trim();
    check(['accounts', i, 'account'], shape.accounts, { [account]: {} });
    if (form.accounts.findIndex((other) => other.account.trim() === account) < i) {
      fail(['accounts', i, 'account'], 'is already listed above');
    }
    const overrides = accountOverridesSchema.shape;
    check(['accounts', i, 'maxLot'], overrides.maxLot, own.maxLot);
    check(['accounts', i, 'maxOpenPositions'], overrides.maxOpenPositions, own.maxOpenPositions);
    if (own.maxDailyLoss) check(['accounts', i, 'lossValue'], dailyLossSchema, own.maxDailyLoss);
  });
}

/** The form's schema: field checks from the contracts, output the API's `Rules`. */
export const rulesFormSchema = z
  .custom<RulesFormValues>()
  .superRefine((form, ctx) => {
    const fail = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path, message });
    checkFields(
      form,
      (path, schema, value, spread = false) => {
        const parsed = schema.safeParse(value);
        if (parsed.success) return;
        for (const issue of spread ? parsed.error.issues : parsed.error.issues.slice(0, 1)) {
          fail(spread ? [...path, ...(issue.path as Path)] : path, issue.message);
        }
      },
      fail,
    );
  })
  .transform(rulesOf);
