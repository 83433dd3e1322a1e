import { readPlainAlert, webhookAlertSchema } from '@signalrelay/contracts/signals';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Metrics } from '../../core/metrics.ts';
import { AppError } from '../../errors.ts';
import { refuseGuessing } from '../../http/license-misses.ts';
import { parseInput } from '../../http/validate.ts';
import type { SignalIntake } from './signals-intake.ts';
import type { WebhookLimits } from './signals-limits.ts';
import type { RefusalRecorder } from './signals-refusals.ts';

/** TradingView posts at most a few KiB; anything bigger is a mistake or an attack. */
export const webhookBodyLimit = 16 * 1024;

/**
 * The alert in a body as received. TradingView sends `text/plain` when the alert message is not
 * strict JSON, `application/json` otherwise; both arrive here as text, so a refused body can be
 * shown to its owner as it was sent.
 */
export function bodyObject(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw new AppError('BAD_REQUEST', 'The body is empty. Put the alert JSON in the message.');
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (err) {
    throw new AppError(
      'BAD_REQUEST',
      `The body is not valid JSON (${(err as Error).message}). Check quotes and commas in the alert message.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('BAD_REQUEST', 'The body must be a JSON object like {"licenseNumber": …}.');
  }
  return value as Record<string, unknown>;
}

/**
 * Resolves once the signal frames of this turn have left (relay-ws-connection's `push` uncorks
 * on a tick queued before this one): a burst's EAs get their signals before its senders get
 * their replies, and an EA's process is woken ahead of the sender's.
 */
const pushesWritten = () => new Promise<void>((resolve) => process.nextTick(resolve));

/** `POST /api/webhook/handleWebhook`: TradingView alerts and the dashboard's test signals. */
export async function webhookRoute(
  app: FastifyInstance,
  {
    intake,
    limits,
    refusals,
    metrics,
  }: { intake: SignalIntake; limits: WebhookLimits; refusals: RefusalRecorder; metrics: Metrics },
) {
  // JSON is parsed by bodyObject, like text/plain: the body stays at hand as sent.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  /** The alert, or a 400 that leaves a trace in its owner's Signal History when it names one. */
  async function alertOf(raw: string, log: FastifyBaseLogger) {
    let body: Record<string, unknown> | undefined;
    try {
      body = bodyObject(raw);
      // zod where the plain readers decline: it names every problem, at a cost the hot path avoids.
      return readPlainAlert(body) ?? parseInput(webhookAlertSchema, body, { every: true });
    } catch (err) {
      if (err instanceof AppError && err.code === 'BAD_REQUEST') {
        await refusals
          .record(raw, body, err.message)
          .catch((cause) => log.error({ err: cause }, 'could not keep a refused alert'));
      }
      throw err;
    }
  }

  app.post('/handleWebhook', { bodyLimit: webhookBodyLimit }, async (request) => {
    const started = performance.now();
    let outcome = 'accepted';
    try {
      const alert = await alertOf(String(request.body ?? ''), request.log);
      try {
        const reply = await intake.accept(alert);
        await pushesWritten();
        return reply;
      } catch (err) {
        if (err instanceof AppError && err.code === 'EMAIL_NOT_VERIFIED') {
          refusals.unattributed('unverified');
        }
        if (err instanceof AppError && err.code === 'LICENSE_INVALID') {
          refusals.unattributed('unknown_license');
        }
        refuseGuessing(limits, request.ip, err);
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
