import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../../core/tokens.ts';
import { AppError } from '../../errors.ts';

/**
 * Per-IP limits (route `config.rateLimit`, checked before the body is even read) stop one
 * client hammering argon2 or the mailer; per-address limits below stop a botnet guessing one
 * account's password or flooding one inbox. Per-address counts are soft (they expire), so a
 * stranger can delay someone's sign-in by minutes, never lock them out.
 */
const perIp = (max: number, timeWindow: string) => ({
  max,
  timeWindow,
  // The plugin's own error has no code; the catalogue's gives the usual body.
  errorResponseBuilder: () => new AppError('RATE_LIMITED'),
});

export const ipLimits = {
  login: perIp(20, '1 minute'),
  signup: perIp(10, '1 hour'),
  forgot: perIp(5, '15 minutes'),
  reset: perIp(10, '15 minutes'),
};

export const addressLimits = {
  /** 80 an hour at most: under ASVS's 100 failed attempts per account per hour. */
  login: { max: 20, timeWindow: '15 minutes' },
  forgot: { max: 3, timeWindow: '1 hour' },
  /** Sign-up and verification e-mails to one inbox, whoever asks for them. */
  signup: { max: 3, timeWindow: '1 hour' },
} as const;

/** The address a body names, normalised like the schemas do; hashed so Redis holds no e-mails. */
function addressKey(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? sha256(email.trim().toLowerCase()) : null;
}

/**
 * A preHandler counting requests per e-mail address in the body; 429 above `max`. A body
 * without an address is left to validation (a 400), not counted in a shared bucket.
 */
export function perAddressLimit(
  app: FastifyInstance,
  name: string,
  options: { max: number; timeWindow: string },
) {
  const limiter = app.createRateLimit({
    ...options,
    keyGenerator: (request: FastifyRequest) => `${name}:${addressKey(request.body)}`,
  });
  return async (request: FastifyRequest) => {
    if (addressKey(request.body) === null) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: result.ttlInSeconds });
    }
  };
}
