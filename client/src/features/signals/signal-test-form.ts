import { alertFieldPositions } from '@signalrelay/contracts/alert-rules';
import {
  type AlertPosition,
  alertNumberFields,
  webhookPositions,
} from '@signalrelay/contracts/signals';
import { z } from 'zod';

/**
 * The Signal Test tab's form (spec section 3, "Test signal form"), the test payload it sends
 * and the webhook JSON it shows for TradingView. Values are kept as typed text so a field can
 * be cleared while editing; they are read as numbers with 0 for anything unparseable. Each
 * command shows its own fields: which position a field applies to is read from the alert's
 * rule table (contracts/alert-rules), the one the webhook checks.
 */

export const testPlatforms = ['MT5', 'MT4'] as const;
export const testPositions = webhookPositions.map((p) =>
  p.toUpperCase(),
) as Uppercase<AlertPosition>[];
export type TestPosition = Uppercase<AlertPosition>;

/** The spec's opening fields (the alert's numbers but its price), always sent (0 included) with buy and sell, as before. */
const openingFields = alertNumberFields.filter(
  (field): field is Exclude<(typeof alertNumberFields)[number], 'price'> => field !== 'price',
);
/** The fields beyond the spec (issue 22), sent only when set. */
export const commandNumberFields = [
  'expiry',
  'closePercent',
  'slpips',
  'tppips',
  'slprice',
  'tpprice',
  'riskAmount',
  'maxSpread',
  'deviation',
  'magic',
] as const;
const commandTextFields = ['side', 'comment', 'account'] as const;

/** `value` for each of `keys`. */
const each = <const K extends string, V>(keys: readonly K[], value: V) =>
  Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>;

/** A take-profit level's unit: the key the webhook's `tps` level carries its distance in. */
export const takeProfitUnits = ['points', 'pips', 'price'] as const;
export const maxTakeProfitLevels = 3;
const takeProfitLevel = z.object({
  unit: z.enum(takeProfitUnits),
  distance: z.string(),
  percent: z.string(),
});
export type TakeProfitLevel = z.infer<typeof takeProfitLevel>;
export const newTakeProfitLevel: TakeProfitLevel = { unit: 'pips', distance: '', percent: '' };
/**
 * The form's schema: the alert's fields, each as typed text. It refuses nothing a user can type
 * (spec section 5: numbers that do not parse count as 0); the server checks the payload with
 * the contracts' webhook alert schema and its message is the result shown.
 */
export const testFormSchema = z.object({
  platform: z.enum(testPlatforms),
  position: z.enum(testPositions as [TestPosition, ...TestPosition[]]),
  ...each(
    ['symbol', ...alertNumberFields, ...commandNumberFields, ...commandTextFields],
    z.string(),
  ),
  closeOpposite: z.boolean(),
  tps: z.array(takeProfitLevel),
});

export type TestForm = z.infer<typeof testFormSchema>;
export type TestField = Exclude<keyof TestForm, 'platform' | 'symbol' | 'position'>;

/** The spec's defaults: 0.01 lot and every other number 0; the commands' fields empty. */
export const defaultTestForm: TestForm = {
  platform: 'MT5',
  symbol: 'EURUSD',
  position: 'BUY',
  ...each(alertNumberFields, '0'),
  lot: '0.01',
  ...each([...commandNumberFields, ...commandTextFields], ''),
  closeOpposite: false,
  tps: [],
};

/** How the test sender names itself; TradingView alerts name TradingView. */
const testSenderPlatform = 'SignalRelay Test';
export const alertSenderPlatform = 'TradingView';

const lower = (position: TestPosition) => position.toLowerCase() as AlertPosition;
export const isPendingPosition = (position: TestPosition) =>
  /^(BUY|SELL)(LIMIT|STOP)$/.test(position);
const opens = (position: TestPosition) =>
  position === 'BUY' || position === 'SELL' || isPendingPosition(position);

/** Whether a field is shown (and sent) for a position. */
export function fieldApplies(field: TestField, position: TestPosition): boolean {
  if (field === 'magic' || field === 'account') return true;
  if (field === 'slpoint' || field === 'tppoint') return opens(position) || position === 'MODIFY';
  if ((openingFields as readonly string[]).includes(field)) return opens(position);
  return alertFieldPositions[field]?.includes(lower(position)) ?? false;
}

/** A typed number, or 0 when it is empty or not a number. */
export function numberOf(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

/** The levels as the webhook reads them: `{"pips": 20, "percent": 50}`, as typed. */
function takeProfits(levels: TakeProfitLevel[]) {
  return levels.map(({ unit, distance, percent }) => ({
    [unit]: numberOf(distance),
    percent: numberOf(percent),
  }));
}

/** The fields a position sends: the spec's opening numbers as before, the others when set. */
function fieldValues(form: TestForm) {
  const values: Record<string, number | string | boolean | Record<string, number>[]> = {};
  const { position } = form;
  if (position === 'BUY' || position === 'SELL') {
    for (const field of openingFields) values[field] = numberOf(form[field]);
  }
  for (const field of [...openingFields, ...commandNumberFields]) {
    if (fieldApplies(field, position) && !(field in values) && numberOf(form[field]) > 0) {
      values[field] = numberOf(form[field]);
    }
  }
  for (const field of commandTextFields) {
    if (fieldApplies(field, position) && form[field].trim()) values[field] = form[field].trim();
  }
  if (fieldApplies('closeOpposite', position) && form.closeOpposite) values.closeOpposite = true;
  if (fieldApplies('tps', position) && form.tps.length > 0) values.tps = takeProfits(form.tps);
  return values;
}

/** What the Send button posts to the webhook: a test the EA logs and does not trade. */
export function testPayload(form: TestForm, licenseNumber: string, now = new Date()) {
  const { lot, ...rest } = fieldValues(form);
  return {
    licenseNumber,
    senderPlatform: testSenderPlatform,
    platform: form.platform.toLowerCase(),
    symbol: form.symbol.trim(),
    ...(lot === undefined ? {} : { lot }),
    price: numberOf(form.price),
    position: lower(form.position),
    ...rest,
    timestamp: now.toISOString(),
    isTest: true,
  };
}

/** The alert message to paste into TradingView for these parameters. */
export function webhookJson(form: TestForm, licenseNumber: string | null | undefined) {
  return {
    licenseNumber: licenseNumber || 'N/A',
    senderPlatform: alertSenderPlatform,
    platform: form.platform.toLowerCase(),
    symbol: form.symbol.trim(),
    position: lower(form.position),
    ...(isPendingPosition(form.position) ? { price: numberOf(form.price) } : {}),
    ...fieldValues(form),
  };
}

export const webhookJsonText = (form: TestForm, licenseNumber: string | null | undefined) =>
  JSON.stringify(webhookJson(form, licenseNumber), null, 2);
