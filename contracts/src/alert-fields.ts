import { z } from 'zod';

/**
 * The lenient fields the webhook alert is made of: TradingView templates write numbers as
 * strings, words in any case, and leave placeholders empty.
 *
 * Each field is a pair. Its zod schema is the definition: it names every problem, and the docs
 * and the JSON Schema are generated from it. Its plain reader gives the same value as the
 * schema for a value the schema accepts, or `declined`, and the alert then goes through zod.
 * On a busy server zod cost the webhook 50–100 µs of CPU per alert more than these readers.
 * `alert-plain.test.ts` holds each reader to its schema on generated values.
 */
export type AlertField<S extends z.ZodType = z.ZodType> = {
  schema: S;
  /** The schema's output for `value`, or `declined` where the schema might refuse it. */
  read: (value: unknown) => unknown;
};

/** A plain reader's answer for a value it leaves to the schema. */
export const declined: unique symbol = Symbol('declined');

export const field = <S extends z.ZodType>(
  schema: S,
  read: (value: unknown) => unknown,
): AlertField<S> => ({ schema, read });

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

/** The plain side of a number field: `ok` is every check of its schema after the decimal. */
const readNumber = (whenAbsent: number | undefined, ok: (n: number) => boolean) => (v: unknown) => {
  const value = readDecimal(v);
  if (value === undefined) return whenAbsent;
  return typeof value === 'number' && Number.isFinite(value) && ok(value) ? value : declined;
};

/** A number from 0 to `max`; absent or blank is 0, which every such field reads as "not used". */
export function numberField(description: string, max: number) {
  return field(
    z.preprocess(
      readDecimal,
      number()
        .min(0, 'must not be negative')
        .max(max, `must be at most ${max}`)
        .default(0)
        .describe(description),
    ),
    readNumber(0, (n) => n >= 0 && n <= max),
  );
}

/** A whole number from 0 to `max`; absent or blank is 0. */
export function wholeField(description: string, max: number) {
  return field(
    z.preprocess(
      readDecimal,
      number()
        .int('must be a whole number')
        .min(0, 'must not be negative')
        .max(max, `must be at most ${max}`)
        .default(0)
        .describe(description),
    ),
    readNumber(0, (n) => Number.isInteger(n) && n >= 0 && n <= max),
  );
}

/** A share of a volume: above 0, at most 100; absent means all of it. */
export function percentField(description: string) {
  return field(
    z.preprocess(
      readDecimal,
      number()
        .gt(0, 'must be greater than 0 (leave it out for 100)')
        .max(100, 'must be at most 100')
        .optional()
        .describe(description),
    ),
    readNumber(undefined, (n) => n > 0 && n <= 100),
  );
}

/** A word from a list, read in any case and without separators; `synonyms` map other words. */
export function wordField<const T extends readonly [string, ...string[]]>(
  words: T,
  allowed: string,
  synonyms: Record<string, T[number]> = {},
  description?: string,
) {
  const normalize = (v: unknown) => {
    if (typeof v !== 'string') return v;
    const word = v
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, '');
    return synonyms[word] ?? word;
  };
  const schema = z.preprocess(
    normalize,
    z.enum(words, {
      error: (issue) =>
        typeof issue.input === 'string'
          ? `must be one of ${allowed}, not "${issue.input.slice(0, 32)}"`
          : `must be one of ${allowed}`,
    }),
  );
  return field(description === undefined ? schema : schema.describe(description), (v) => {
    const word = normalize(v);
    return (words as readonly unknown[]).includes(word) ? word : declined;
  });
}

/** A field that may be left out: absent stays absent, anything else is `inner`'s. */
export function optionalField<S extends z.ZodType>(inner: AlertField<S>, description: string) {
  return field(inner.schema.optional().describe(description), (v) =>
    v === undefined ? undefined : inner.read(v),
  );
}

/** true or false, also as the strings TradingView templates write. */
export function booleanField(description: string) {
  const fromText = (v: unknown) =>
    v === 'true' ? true : v === 'false' ? false : blankToUndefined(v);
  return field(
    z
      .preprocess(fromText, z.boolean({ error: 'must be true or false' }).default(false))
      .describe(description),
    (v) => {
      const value = fromText(v);
      if (value === undefined) return false;
      return typeof value === 'boolean' ? value : declined;
    },
  );
}

/** A number written as text; blank is absent. */
export const numberToText = (v: unknown) =>
  typeof v === 'number' ? String(v) : blankToUndefined(v);

/**
 * The plain side of an optional text field: trimmed text for which `ok` holds; absent when
 * `blank` made it so.
 */
export const readText =
  (blank: (v: unknown) => unknown, ok: (text: string) => boolean) => (v: unknown) => {
    const value = blank(v);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return declined;
    const text = value.trim();
    return ok(text) ? text : declined;
  };

/** Optional free text of at most `max` characters, trimmed; blank is absent. */
export function textField(description: string, max: number) {
  return field(
    z
      .preprocess(
        numberToText,
        z
          .string({ error: 'must be a string' })
          .trim()
          .max(max, `must be at most ${max} characters`)
          .refine(noNul, 'must not contain NUL characters')
          .optional(),
      )
      .describe(description),
    readText(numberToText, (text) => text.length <= max && noNul(text)),
  );
}
