import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn } from 'pino';

/**
 * Fastify's `childLoggerFactory`: each request's logger, whose pino child is made when the
 * request first logs. Making it serialises the request id through the redaction of every
 * secret path (logger.ts), about 5 % of what the server allocated per alert, and most
 * requests (every accepted alert) log nothing.
 */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const made = () => {
    child ??= parent.child(bindings, options);
    return child;
  };
  const method = (level: Level | 'silent'): LogFn =>
    ((...args: Parameters<LogFn>) => made()[level](...args)) as LogFn;
  return {
    get level() {
      return child?.level ?? options.level ?? parent.level;
    },
    set level(level) {
      made().level = level;
    },
    fatal: method('fatal'),
    error: method('error'),
    warn: method('warn'),
    info: method('info'),
    debug: method('debug'),
    trace: method('trace'),
    silent: method('silent'),
    child: (childBindings, childOptions) => made().child(childBindings, childOptions),
  };
}
