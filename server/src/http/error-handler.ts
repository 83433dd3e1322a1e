import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, errorBody, errorCatalogue } from '../errors.ts';
import { createRepeatLog } from './repeat-log.ts';

/** Fastify's own client-error codes mapped to our catalogue. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'RATE_LIMITED',
};

/** Network-level failures of Postgres or Redis: the client should retry, not give up. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const unreachableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection is closed|Stream isn't writeable/i;

function isServiceUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    // SQLSTATE class 08 (connection exception) and 57P0x (server shutting down).
    if (typeof code === 'string' && (unreachableCodes.has(code) || /^(08|57P0)/.test(code))) {
      return true;
    }
    if (unreachableMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * One error handler for the whole app: catalogue errors keep their message, client errors
 * raised by Fastify get a readable one, and anything else is logged and hidden behind INTERNAL.
 * Client errors are logged once a minute per source, route and answer, with a count
 * (http/repeat-log.ts), so a client repeating a bad request cannot flood the log.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  { now = () => Date.now() }: { now?: () => number } = {},
) {
  const repeatLog = createRepeatLog({ log: app.log, now });
  app.addHook('onClose', async () => repeatLog.close());

  function clientError(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: ErrorCode,
    message: string,
    details?: Record<string, unknown>,
  ) {
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    repeatLog.note(
      [request.ip, route, status, code, message].join('|'),
      { ip: request.ip, route, status, code },
      `client error: ${message}`,
    );
    return reply.status(status).send(errorBody(code, message, details));
  }

  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, err.message);
      const retryAfter = err.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      if (err.status < 500) {
        return clientError(request, reply, err.status, err.code, err.message, err.details);
      }
      return reply.status(err.status).send(errorBody(err.code, err.message, err.details));
    }
    // @fastify/rate-limit throws a bare 429 without a code.
    const mapped = err.code
      ? fastifyCodes[err.code]
      : err.statusCode === 429
        ? 'RATE_LIMITED'
        : undefined;
    if (mapped) {
      const message =
        mapped === 'BAD_REQUEST'
          ? `Invalid JSON body: ${err.message}`
          : errorCatalogue[mapped].message;
      return clientError(request, reply, errorCatalogue[mapped].status, mapped, message);
    }
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode < 500)) {
      return clientError(request, reply, err.statusCode ?? 400, 'BAD_REQUEST', err.message);
    }
    if (isServiceUnavailable(err)) {
      request.log.warn({ err: err.message }, 'a backing service is unreachable');
      return reply.status(503).send(errorBody('UNAVAILABLE', errorCatalogue.UNAVAILABLE.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', errorCatalogue.INTERNAL.message));
  });
}
