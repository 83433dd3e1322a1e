import { webhookAlertSchema } from '@signalrelay/contracts/signals';
import { alertSenderPlatform, numberOf, type TestForm } from './signal-test-form.ts';

/**
 * The Signal Test tab's strategy alert: one TradingView alert message for a whole strategy,
 * built from TradingView placeholders, and its live check with the server's own schema.
 * TradingView replaces the placeholders when the alert fires, so the check puts example values
 * in their place first and reads the result exactly as the webhook would.
 */

/** TradingView's placeholders (shared/notes/tradingview-notes.md §5) and the values checked. */
const placeholderExamples: Record<string, string> = {
  ticker: 'EURUSD',
  exchange: 'OANDA',
  open: '1.08350',
  high: '1.08460',
  low: '1.08310',
  close: '1.08412',
  volume: '1250',
  time: '2026-11-24T14:02:00Z',
  timenow: '2026-11-24T14:02:57Z',
  interval: '15',
  'strategy.position_size': '0.1',
  'strategy.order.action': 'buy',
  'strategy.order.contracts': '0.1',
  'strategy.order.price': '1.08412',
  'strategy.order.id': 'Long',
  'strategy.order.comment': 'Long entry',
  'strategy.order.alert_message': '',
  'strategy.market_position': 'long',
  'strategy.market_position_size': '0.1',
  'strategy.prev_market_position': 'flat',
  'strategy.prev_market_position_size': '0',
};
/** `{{plot_0}}` … `{{plot_19}}` and vendors' `{{plot("name")}}`. */
const plotPlaceholder = /^(plot_(1?\d)|plot\("[^"]*"\))$/;
const plotExample = '1.08412';

function exampleFor(name: string): string | undefined {
  if (Object.hasOwn(placeholderExamples, name)) return placeholderExamples[name];
  return plotPlaceholder.test(name) ? plotExample : undefined;
}

/**
 * The strategy alert for the form's platform and stop settings: symbol, side, size and price
 * from the strategy's order, and an alertId unique per order and second, so a resent alert is
 * not traded twice while two orders still are. The lot placeholder stays unquoted: TradingView
 * writes a number there. riskPercentage is left out because it would override that size.
 *
 * With `reverse`, each order closes the other side's positions first (`closeOpposite`) and is
 * sized by the strategy's position after it: a long-to-short order's contracts are the long's
 * size plus the short's, of which only the short is still to open once the long is closed.
 */
export function strategyAlertText(
  form: TestForm,
  licenseNumber: string | null | undefined,
  { reverse = false } = {},
) {
  const fixed = (['slpoint', 'tppoint', 'trailingStop', 'breakEvenPips'] as const).map(
    (field) => `  "${field}": ${numberOf(form[field])}`,
  );
  const lines = [
    `  "licenseNumber": ${JSON.stringify(licenseNumber || 'N/A')}`,
    `  "senderPlatform": "${alertSenderPlatform}"`,
    `  "platform": "${form.platform.toLowerCase()}"`,
    '  "symbol": "{{ticker}}"',
    '  "position": "{{strategy.order.action}}"',
    reverse
      ? '  "lot": {{strategy.market_position_size}}'
      : '  "lot": {{strategy.order.contracts}}',
    '  "price": {{strategy.order.price}}',
    ...fixed,
    ...(reverse ? ['  "closeOpposite": true'] : []),
    '  "alertId": "{{ticker}}-{{strategy.order.id}}-{{timenow}}"',
  ];
  return `{\n${lines.join(',\n')}\n}`;
}

export type AlertProblem = {
  /** The alert field it is about (as the server names it), or null for the whole message. */
  field: string | null;
  message: string;
};

export type AlertCheck = {
  /** What the server would refuse the alert for; empty when it accepts it. */
  problems: AlertProblem[];
  /** Fields the server does not read (a typo such as "lots" is silently ignored). */
  ignored: string[];
  /** The placeholders found, with the value the check used for each. */
  examples: { placeholder: string; value: string }[];
};

const knownFields = new Set(Object.keys(webhookAlertSchema.shape));

/** Puts example values in place of the placeholders; unknown ones are left as typed. */
function withExamples(text: string) {
  const examples = new Map<string, string>();
  const unknown = new Set<string>();
  const filled = text.replace(/\{\{([^{}]*)\}\}/g, (whole, name: string) => {
    const value = exampleFor(name);
    if (value === undefined) {
      unknown.add(whole);
      return whole;
    }
    examples.set(whole, value);
    return value;
  });
  return { filled, examples, unknown };
}

/**
 * Checks an alert message as the webhook would read it once TradingView filled it in: valid
 * JSON, then the server's schema field by field, then the license against the user's own.
 */
export function checkAlertMessage(text: string, ownLicense: string | null | undefined): AlertCheck {
  const { filled, examples, unknown } = withExamples(text);
  const found = [...examples].map(([placeholder, value]) => ({ placeholder, value }));
  const problems: AlertProblem[] = [...unknown].map((placeholder) => ({
    field: null,
    message: `${placeholder} is not a TradingView placeholder: TradingView would send it as typed. Check its spelling.`,
  }));
  const result = (more: AlertProblem[], ignored: string[] = []): AlertCheck => ({
    problems: [...problems, ...more],
    ignored,
    examples: found,
  });

  if (text.trim() === '') {
    return result([
      { field: null, message: 'The message is empty: type or paste the alert JSON.' },
    ]);
  }
  let body: unknown;
  try {
    body = JSON.parse(filled);
  } catch (err) {
    return result([
      {
        field: null,
        message: `The message is not valid JSON (${(err as Error).message}). Check quotes and commas: text placeholders such as {{ticker}} go inside quotes, number placeholders such as {{strategy.order.contracts}} without.`,
      },
    ]);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return result([{ field: null, message: 'The message must be one JSON object: { … }.' }]);
  }

  const ignored = Object.keys(body).filter((key) => !knownFields.has(key));
  const parsed = webhookAlertSchema.safeParse(body);
  const fieldProblems: AlertProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || null,
        message: issue.message,
      }));
  if (parsed.success && ownLicense && parsed.data.licenseNumber !== ownLicense) {
    fieldProblems.push({
      field: 'licenseNumber',
      message: 'is not your license number: the alert would not reach your EA.',
    });
  }
  return result(fieldProblems, ignored);
}
