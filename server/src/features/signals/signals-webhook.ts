import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { Metrics } from '../../http/metrics.ts';
import { parseInput } from '../../http/validate.ts';
import type { SignalIntake } from './signals-intake.ts';
import type { WebhookLimits } from './signals-limits.ts';
import { webhookAlertSchema } from './signals-schemas.ts';

/** TradingView posts at most a few KiB; anything bigger is a mistake or an attack. */
export const webhookBodyLimit = 16 * 1024;

/** TradingView sends `text/plain` when the alert message is not strict JSON. */
export function bodyObject(body: unknown, isText: boolean): unknown {
  let value = body;
  if (isText) {
    const text = String(value ?? '').trim();
    if (text === '') {
      throw new AppError('BAD_REQUEST', 'The body is empty. Put the alert JSON in the message.');
    }
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new AppError(
        'BAD_REQUEST',
        `The body is not valid JSON (${(err as Error).message}). Check quotes and commas in the alert message.`,
      );
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('BAD_REQUEST', 'The body must be a JSON object like {"licenseNumber": …}.');
  }
  return value;
}

/** `POST /api/webhook/handleWebhook`: TradingView alerts and the dashboard's test signals. */
export async function webhookRoute(
  app: FastifyInstance,
  { intake, limits, metrics }: { intake: SignalIntake; limits: WebhookLimits; metrics: Metrics },
) {
  app.post('/handleWebhook', { bodyLimit: webhookBodyLimit }, async (request) => {
    const started = performance.now();
    let outcome = 'accepted';
    try {
      const isText = (request.headers['content-type'] ?? '').startsWith('text/plain');
      const alert = parseInput(webhookAlertSchema, bodyObject(request.body, isText));
      try {
        return await intake.accept(alert);
      } catch (err) {
        if (err instanceof AppError && err.code === 'LICENSE_INVALID') {
          // Guessing licences: past the per-IP budget the answer is 429 instead of 401.
          const miss = limits.miss(request.ip);
          if (!miss.allowed) {
            throw new AppError('RATE_LIMITED', undefined, {
              retryAfterSeconds: miss.retryAfterSeconds,
            });
          }
        }
        if (err instanceof AppError) throw err;
        // Database or Redis unreachable before the signal was stored: ask for a retry.
        request.log.error({ err }, 'webhook intake failed');
        throw new AppError('UNAVAILABLE');
      }
    } catch (err) {
      outcome = err instanceof AppError ? err.code : 'INTERNAL';
      throw err;
    } finally {
      metrics.webhookDuration.observe({ outcome }, performance.now() - started);
    }
  });
}
