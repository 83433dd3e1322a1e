import { z } from 'zod';

/**
 * The Signal Test tab's form (spec section 3, "Test signal form"), the test payload it sends
 * and the webhook JSON it shows for TradingView. Values are kept as typed text so a field can
 * be cleared while editing; they are read as numbers with 0 for anything unparseable.
 */

export const testPlatforms = ['MT5', 'MT4'] as const;
export const testPositions = ['BUY', 'SELL', 'CLOSEBUY', 'CLOSESELL', 'CLOSEALL'] as const;
export type TestPosition = (typeof testPositions)[number];

/**
 * The form's schema. It refuses nothing a user can type (spec section 5: numbers that do not
 * parse count as 0); the server checks the payload with the contracts' webhook alert schema
 * and its message is the result shown.
 */
export const testFormSchema = z.object({
  platform: z.enum(testPlatforms),
  symbol: z.string(),
  lot: z.string(),
  price: z.string(),
  position: z.enum(testPositions),
  slpoint: z.string(),
  tppoint: z.string(),
  trailingStop: z.string(),
  breakEvenPips: z.string(),
  riskPercentage: z.string(),
});

export type TestForm = z.infer<typeof testFormSchema>;

export const defaultTestForm: TestForm = {
  platform: 'MT5',
  symbol: 'EURUSD',
  lot: '0.01',
  price: '0',
  position: 'BUY',
  slpoint: '0',
  tppoint: '0',
  trailingStop: '0',
  breakEvenPips: '0',
  riskPercentage: '0',
};

/** The fields a close position neither shows nor sends. */
export const openingFields = [
  'lot',
  'slpoint',
  'tppoint',
  'trailingStop',
  'breakEvenPips',
  'riskPercentage',
] as const;

/** How the test sender names itself; TradingView alerts name TradingView. */
export const testSenderPlatform = 'SignalRelay Test';
export const alertSenderPlatform = 'TradingView';

export const isClosePosition = (position: TestPosition) => position.startsWith('CLOSE');

/** A typed number, or 0 when it is empty or not a number. */
export function numberOf(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

function openingValues(form: TestForm) {
  if (isClosePosition(form.position)) return {};
  return Object.fromEntries(openingFields.map((field) => [field, numberOf(form[field])]));
}

/** What the Send button posts to the webhook: a test the EA logs and does not trade. */
export function testPayload(form: TestForm, licenseNumber: string, now = new Date()) {
  const close = isClosePosition(form.position);
  return {
    licenseNumber,
    senderPlatform: testSenderPlatform,
    platform: form.platform.toLowerCase(),
    symbol: form.symbol.trim(),
    ...(close ? {} : { lot: numberOf(form.lot) }),
    price: numberOf(form.price),
    position: form.position.toLowerCase(),
    ...(close
      ? {}
      : {
          slpoint: numberOf(form.slpoint),
          tppoint: numberOf(form.tppoint),
          trailingStop: numberOf(form.trailingStop),
          breakEvenPips: numberOf(form.breakEvenPips),
          riskPercentage: numberOf(form.riskPercentage),
        }),
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
    position: form.position.toLowerCase(),
    ...openingValues(form),
  };
}

export const webhookJsonText = (form: TestForm, licenseNumber: string | null | undefined) =>
  JSON.stringify(webhookJson(form, licenseNumber), null, 2);
