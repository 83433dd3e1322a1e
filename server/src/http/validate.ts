import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Parses untrusted input with a zod schema; on failure throws BAD_REQUEST whose message names
 * the first offending field, e.g. "email: Invalid email address".
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  throw new AppError('BAD_REQUEST', message, field ? { field } : undefined);
}
