import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** One thing wrong with an input: the field (dotted path), the value received, why. */
export type InputProblem = { field: string; value?: unknown; message: string };

/** The value at a path of the input, as received (long text cut), for a problem report. */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return typeof value === 'string' && value.length > 64 ? `${value.slice(0, 64)}…` : value;
}

/**
 * Parses untrusted input with a zod schema; on failure throws BAD_REQUEST whose message names
 * the first offending field, e.g. "email: Invalid email address". With `every`, the message
 * names every problem ("lot: …; slpips: …") and `problems` lists each with the value received.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  { every = false }: { every?: boolean } = {},
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems: InputProblem[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    value: valueAt(value, issue.path),
    message: issue.message,
  }));
  const named = (p: InputProblem) => (p.field ? `${p.field}: ${p.message}` : p.message);
  const first = problems[0];
  const message = first ? (every ? problems.map(named).join('; ') : named(first)) : 'Invalid input';
  const details = {
    ...(first?.field ? { field: first.field } : {}),
    ...(every ? { problems } : {}),
  };
  throw new AppError('BAD_REQUEST', message, Object.keys(details).length > 0 ? details : undefined);
}
