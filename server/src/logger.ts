import { createRequire } from 'node:module';
import { type Logger, type LoggerOptions, pino, stdSerializers } from 'pino';

/**
 * Secrets never reach the logs: license numbers, cookies, tokens and passwords are redacted
 * wherever they appear in request/response objects or in our own log fields.
 */
const secretKeys = [
  'licenseNumber',
  'password',
  'token',
  'cookie',
  'authorization',
  'secret',
  'sessionId',
];

export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * A failed query's error carries its parameters (drizzle: a `params` field, and "\nparams:
 * a,b" in the message), which may be a license number or an e-mail address: the SQL stays,
 * the values go.
 */
function withoutQueryParams<T>(value: T, seen = new WeakSet<object>(), depth = 0): T {
  if (typeof value === 'string') {
    return value.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]') as T;
  }
  if (value && typeof value === 'object') {
    // An error may point back at itself (a `cause` loop): stop at a cycle and at depth.
    if (seen.has(value)) return '[Circular]' as T;
    if (depth >= maxErrorDepth) return '[Too deep]' as T;
    seen.add(value);
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      copy[key] = key === 'params' ? '[redacted]' : withoutQueryParams(inner, seen, depth + 1);
    }
    return copy as T;
  }
  return value;
}

/** How deep a logged error (its causes, their fields) is written out. */
const maxErrorDepth = 8;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      err: (err: Error) => withoutQueryParams(stdSerializers.err(err)),
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        // Query strings may carry tokens or license numbers; log the path only.
        return { method: req.method, url: req.url.split('?')[0], ip: req.ip, id: req.id };
      },
    },
  };
}

/**
 * pino-pretty's transport when the logs go to a terminal and pino-pretty is installed (it is a
 * dev dependency: production images, pipes, files and log collectors get JSON lines).
 */
export function prettyTransport(isTty: boolean): LoggerOptions['transport'] {
  if (!isTty) return undefined;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return {
    target: 'pino-pretty',
    options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
  };
}

/** The process logger of the server, worker and admin CLI: readable in a terminal, JSON elsewhere. */
export function createLogger(level: string, isTty = Boolean(process.stdout.isTTY)): Logger {
  const transport = prettyTransport(isTty);
  return pino(transport ? { ...loggerOptions(level), transport } : loggerOptions(level));
}
