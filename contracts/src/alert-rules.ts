import type { z } from 'zod';
import { type Position, pendingPositions } from './ea-protocol.ts';

/**
 * The rules between an alert's fields, as data: the webhook's check (`alertRuleCheck`) and the
 * JSON Schema's conditions (`alertRuleSchemas`) are both read from these tables, so the schema
 * served at /schemas/alert.json refuses what the webhook refuses.
 */

const market = ['buy', 'sell'] as const satisfies Position[];
const opening = [...market, ...pendingPositions] as const satisfies Position[];
const closing = ['closebuy', 'closesell', 'closeall'] as const satisfies Position[];
const stopsSetOn = [...opening, 'modify'] as const satisfies Position[];

/** A field with a value other than "not used": a number above 0, true, text, a non-empty list. */
export function isSet(value: unknown): boolean {
  if (typeof value === 'number') return value > 0;
  if (typeof value === 'string') return value !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value === true;
}

/** The units a stop loss and a take profit may be given in: at most one of each per alert. */
export const stopLossFields = ['slpoint', 'slpips', 'slprice'] as const;
export const takeProfitFields = ['tppoint', 'tppips', 'tpprice', 'tps'] as const;
const unitGroups = [
  { fields: stopLossFields, what: 'the stop loss' },
  { fields: takeProfitFields, what: 'the take profit' },
] as const;

/** Fields that mean something on some positions only: set on another, the alert is refused. */
export const alertFieldPositions: Record<string, readonly Position[]> = {
  expiry: pendingPositions,
  side: ['cancel', 'modify'],
  closePercent: closing,
  closeOpposite: market,
  slpips: stopsSetOn,
  tppips: stopsSetOn,
  slprice: stopsSetOn,
  tpprice: stopsSetOn,
  tps: market,
  riskAmount: opening,
  maxSpread: opening,
  deviation: market,
  comment: opening,
};

/** The same, as entries: read for every alert. */
const fieldPositionEntries = Object.entries(alertFieldPositions);

/** What an alert needs: when a position (or a field is set), at least one of `fields` set. */
type Need = {
  when: readonly Position[] | string;
  fields: readonly string[];
  /** The field the refusal names. */
  path: string;
  message: (position: string) => string;
};

const isMarket = (p: string) => p === 'buy' || p === 'sell';

const needs: Need[] = [
  {
    when: [...opening, 'closebuy', 'closesell', 'cancel', 'modify'],
    fields: ['symbol'],
    path: 'symbol',
    message: (p) => (isMarket(p) ? 'is required for buy and sell' : `is required for ${p}`),
  },
  {
    when: pendingPositions,
    fields: ['price'],
    path: 'price',
    message: (p) => `must be greater than 0 for ${p}: it is the pending order's entry price`,
  },
  {
    when: opening,
    fields: ['lot', 'riskPercentage', 'riskAmount'],
    path: 'lot',
    message: (p) =>
      `must be greater than 0 for ${isMarket(p) ? 'buy and sell' : p} (or set riskPercentage or riskAmount)`,
  },
  ...(['riskPercentage', 'riskAmount'] as const).map((risk) => ({
    when: risk,
    fields: stopLossFields,
    path: 'slpoint',
    message: () =>
      `must be greater than 0 when ${risk} is set (the risk is measured to the stop loss)`,
  })),
  {
    when: ['modify'],
    fields: [...stopLossFields, ...takeProfitFields.filter((f) => f !== 'tps')],
    path: 'position',
    message: () =>
      'modify needs a stop loss or take profit to set: slpoint, slpips, slprice, tppoint, tppips or tpprice',
  },
];

const applies = (when: Need['when'], alert: Readonly<Record<string, unknown>>) =>
  typeof when === 'string'
    ? isSet(alert[when])
    : (when as readonly unknown[]).includes(alert.position);

/** Every rule between fields that `alert` breaks, each naming its field. */
export function alertRuleBreaks(alert: Readonly<Record<string, unknown>>) {
  const breaks: { field: string; message: string }[] = [];
  const position = String(alert.position);
  for (const need of needs) {
    if (applies(need.when, alert) && !need.fields.some((f) => isSet(alert[f]))) {
      breaks.push({ field: need.path, message: need.message(position) });
    }
  }
  for (const [field, positions] of fieldPositionEntries) {
    if (isSet(alert[field]) && !(positions as readonly unknown[]).includes(alert.position)) {
      breaks.push({ field, message: `applies to ${positions.join(', ')} only, not ${position}` });
    }
  }
  for (const { fields, what } of unitGroups) {
    const [first, ...others] = fields.filter((f) => isSet(alert[f]));
    for (const other of others) {
      breaks.push({
        field: other,
        message: `cannot be used with ${first} (${JSON.stringify(alert[first!])}): give ${what} in one unit only (${fields.join(', ')})`,
      });
    }
  }
  return breaks;
}

/**
 * The webhook's side: every rule broken, each as an issue naming its field. Runs even when a
 * field was refused (every problem is named at once), skipping the fields already refused.
 */
export function alertRuleCheck(alert: Readonly<Record<string, unknown>>, ctx: z.RefinementCtx) {
  const refused = new Set(ctx.issues.map((issue) => issue.path?.[0]));
  for (const { field, message } of alertRuleBreaks(alert)) {
    if (!refused.has(field)) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

type JsonSchema = Record<string, unknown>;

/** The JSON Schema side: the same rules as conditions, given the alert's property schemas. */
export function alertRuleSchemas(properties: Record<string, { type?: string }>): JsonSchema[] {
  const setSchema = (field: string): JsonSchema => {
    const type = properties[field]?.type;
    const value =
      type === 'number' || type === 'integer'
        ? { exclusiveMinimum: 0 }
        : type === 'boolean'
          ? { const: true }
          : type === 'array'
            ? { minItems: 1 }
            : { minLength: 1 };
    return { properties: { [field]: value }, required: [field] };
  };
  /** `if when then then` without the `then` keyword (a thenable to JavaScript): ¬when ∨ then. */
  const implies = (when: JsonSchema, then: JsonSchema) => ({ anyOf: [{ not: when }, then] });
  const positionIn = (positions: readonly string[]) => ({
    properties: { position: { enum: positions } },
    required: ['position'],
  });
  const whenSchema = (when: Need['when']) =>
    typeof when === 'string' ? setSchema(when) : positionIn(when);
  const pairs = (fields: readonly string[]) =>
    fields.flatMap((a, i) => fields.slice(i + 1).map((b) => [a, b] as const));
  return [
    ...needs.map((need) => implies(whenSchema(need.when), { anyOf: need.fields.map(setSchema) })),
    ...fieldPositionEntries.map(([field, positions]) =>
      implies(setSchema(field), positionIn(positions)),
    ),
    ...unitGroups.map(({ fields }) => ({
      not: {
        anyOf: pairs(fields).map(([a, b]) => ({
          allOf: [setSchema(a), setSchema(b)],
        })),
      },
    })),
  ];
}
