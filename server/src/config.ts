import { z } from 'zod';

/**
 * The one place that reads process.env. Every setting is validated here so a bad deployment
 * fails at start-up with a list of what is wrong, instead of misbehaving later.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
    `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

const plan = z.enum(['free', 'basic', 'pro']);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number (0-65535)' })
      .int('must be a whole number')
      .min(0, 'must be a port number (0-65535)')
      .max(65535, 'must be a port number (0-65535)')
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    /**
     * Put in front of every Redis key, pub/sub channel and BullMQ queue, so deployments (or a
     * deployment and its staging) sharing one Redis never take each other's jobs or messages.
     */
    REDIS_PREFIX: z
      .string()
      .trim()
      .max(64, 'must be at most 64 characters')
      .regex(/^[\w:.{}-]*$/, 'must be letters, digits and : _ . - { } only')
      .optional()
      .transform((v) => v || 'signalrelay:'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('SignalRelay <no-reply@signalrelay.local>'),
    SUPPORT_EMAIL: z.email().default('support@signalrelay.local'),
    /** Shown in the footer, on About and on the support page; omitted when unset. */
    BUSINESS_ADDRESS: optionalString,
    BUSINESS_PHONE: optionalString,
    /** Bearer token for /metrics; unset: /metrics answers the server's own host only. */
    METRICS_TOKEN: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_BASIC: optionalString,
    STRIPE_PRICE_PRO: optionalString,
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    FACEBOOK_CLIENT_ID: optionalString,
    FACEBOOK_CLIENT_SECRET: optionalString,
    /** Replace the scheme and host of every Google/Facebook OAuth endpoint (tests' local fake). */
    GOOGLE_AUTH_BASE: optionalUrl(['http', 'https']),
    FACEBOOK_AUTH_BASE: optionalUrl(['http', 'https']),
    SELF_HOSTED_PLAN: plan.default('pro'),
    SIGNAL_TTL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1000, 'must be at least 1000 (1 s)')
      .max(600_000, 'must be at most 600000 (10 min)')
      .default(30_000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * Which proxies may set X-Forwarded-For (the client IP behind per-IP rate limits): unset or
     * `false` for none, `true` for any (only behind a proxy that overwrites the header), a hop
     * count such as `1`, or a comma-separated list of addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v): boolean | number | string[] => {
        if (v === 'true' || v === 'false') return v === 'true';
        if (/^\d+$/.test(v)) return Number(v);
        return v
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
      }),
    RUN_JOBS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    CLIENT_DIST: optionalString,
    /** Telegram Bot API origin for notifications (tests point it at a local fake). */
    TELEGRAM_API_BASE: optionalUrl(['http', 'https']).transform(
      (v) => v ?? 'https://api.telegram.org',
    ),
    /**
     * `true` lets notification URLs (Discord, signed webhook) reach private, loopback and
     * link-local addresses; for tests and closed networks only (otherwise SSRF protection).
     */
    NOTIFY_ALLOW_PRIVATE_URLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Length of a "minute" of the EA-disconnected delay; tests shorten it. */
    NOTIFY_MINUTE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(10, 'must be at least 10')
      .max(60_000, 'must be at most 60000')
      .default(60_000),
    /** Notifications sent to one user per hour at most (all channels together). */
    NOTIFY_MAX_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(60),
    /** Compiled EAs (SignalRelay.ex5 …) built on Windows; unset: <repo>/ea/release. */
    EA_RELEASE_DIR: optionalString,
  })
  .refine(
    (c) =>
      !c.STRIPE_SECRET_KEY ||
      (c.STRIPE_WEBHOOK_SECRET && c.STRIPE_PRICE_BASIC && c.STRIPE_PRICE_PRO),
    {
      message:
        'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC and STRIPE_PRICE_PRO',
      path: ['STRIPE_SECRET_KEY'],
    },
  );

export type Config = z.infer<typeof schema> & {
  /** Origin used in e-mail links and shown to users as the webhook host. */
  publicUrl: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const c = parsed.data;
  const localHost = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  const publicUrl = (c.PUBLIC_URL ?? `http://${localHost}:${c.PORT}`).replace(/\/+$/, '');
  return { ...c, publicUrl };
}
