import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError, errorBody } from '../../errors.ts';
import type { Metrics } from '../../http/metrics.ts';
import { parseInput } from '../../http/validate.ts';
import type { SignalIntake } from './signals-intake.ts';
import type { WebhookLimits } from './signals-limits.ts';
import { webhookAlertSchema } from './signals-schemas.ts';

/** TradingView posts at most a few KiB; anything bigger is a mistake or an attack. */
export const webhookBodyLimit = 16 * 1024;

/**
 * Past this event-loop delay (the mean over `loadSampleMs`) the process is behind its work:
 * an alert read now has already waited about as long in its socket, and one accepted now
 * would be answered close to or after TradingView's 3 s, when it has given up on the request
 * (the signal traded all the same, and perhaps sent again). So it is refused with 503 before
 * anything is stored: nothing trades, TradingView may send it again, and the alerts that are
 * accepted stay fast. Far above what a healthy instance shows, bursts included.
 */
export const webhookMaxLoopDelayMs = 1000;
const loadSampleMs = 250;
const overloadRetryAfterSeconds = 5;
const overloadMessage =
  'The server is overloaded and did not store this alert. Send it again in a few seconds.';

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
  let warnedAt = 0;
  // Registered in this plugin's scope: only alerts are refused; EAs' polls and results, which
  // finish work already accepted, are still served.
  await app.register(underPressure, {
    maxEventLoopDelay: webhookMaxLoopDelayMs,
    sampleInterval: loadSampleMs,
    pressureHandler: (request, reply, _type, delayMs) => {
      // One line a second at most: logging each refusal would add to the overload.
      if (Date.now() - warnedAt > 1000) {
        warnedAt = Date.now();
        request.log.warn({ eventLoopDelayMs: delayMs }, 'overloaded: refusing alerts with 503');
      }
      // Sent here rather than thrown: the error handler would log every refusal. Fastify
      // runs no further hook, nor the route, once the reply is sent.
      reply
        .status(503)
        .header('retry-after', String(overloadRetryAfterSeconds))
        .send(
          errorBody('UNAVAILABLE', overloadMessage, {
            retryAfterSeconds: overloadRetryAfterSeconds,
          }),
        );
    },
  });

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
