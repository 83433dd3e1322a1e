import { z } from 'zod';

/**
 * The lenient field readers the webhook alert is made of: TradingView templates write numbers
 * as strings, words in any case, and leave placeholders empty. Each reader's description (the
 * docs' parameter reference) is given where the alert schema uses it.
 */

export const blankToUndefined = (v: unknown) =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;
/** Postgres text cannot hold a NUL character: refused here as bad input, not failed later. */
export const noNul = (s: string) => !s.includes('\u0000');

/**
 * What a TradingView placeholder gives (`{{close}}`, `{{strategy.order.contracts}}`): a plain
 * decimal, perhaps signed or padded with spaces. JavaScript's Number() would also read hex,
 * exponents and Infinity (`"0x10"` as 16 lots): those are refused.
 */
const plainDecimal = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const readDecimal = (v: unknown) => {
  const value = blankToUndefined(v);
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return plainDecimal.test(text) ? Number(text) : value;
};

const number = () =>
  z
    .number({
      error: (issue) =>
        typeof issue.input === 'string'
          ? `must be a plain decimal number such as 0.01, not "${issue.input.slice(0, 32)}"`
          : 'must be a number',
    })
    .refine(Number.isFinite, 'must be a finite number');

/** A number from 0 to `max`; absent or blank is 0, which every such field reads as "not used". */
export function numberField(description: string, max: number) {
  return z.preprocess(
    readDecimal,
    number()
      .min(0, 'must not be negative')
      .max(max, `must be at most ${max}`)
      .default(0)
      .describe(description),
  );
}

/** A whole number from 0 to `max`; absent or blank is 0. */
export function wholeField(description: string, max: number) {
  return z.preprocess(
    readDecimal,
    number()
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(max, `must be at most ${max}`)
      .default(0)
      .describe(description),
  );
}

/** A share of a volume: above 0, at most 100; absent means all of it. */
export function percentField(description: string) {
  return z.preprocess(
    readDecimal,
    number()
      .gt(0, 'must be greater than 0 (leave it out for 100)')
      .max(100, 'must be at most 100')
      .optional()
      .describe(description),
  );
}

/** A word from a list, read in any case and without separators; `synonyms` map other words. */
export function wordField<const T extends readonly [string, ...string[]]>(
  words: T,
  allowed: string,
  synonyms: Record<string, T[number]> = {},
) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const word = v
        .trim()
        .toLowerCase()
        .replace(/[\s_-]/g, '');
      return synonyms[word] ?? word;
    },
    z.enum(words, {
      error: (issue) =>
        typeof issue.input === 'string'
          ? `must be one of ${allowed}, not "${issue.input.slice(0, 32)}"`
          : `must be one of ${allowed}`,
    }),
  );
}

/** true or false, also as the strings TradingView templates write. */
export function booleanField(description: string) {
  return z
    .preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : blankToUndefined(v)),
      z.boolean({ error: 'must be true or false' }).default(false),
    )
    .describe(description);
}

/** Optional free text of at most `max` characters, trimmed; blank is absent. */
export function textField(description: string, max: number) {
  return z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
      z
        .string({ error: 'must be a string' })
        .trim()
        .max(max, `must be at most ${max} characters`)
        .refine(noNul, 'must not contain NUL characters')
        .optional(),
    )
    .describe(description);
}
