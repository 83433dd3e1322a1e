import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../../core/metrics.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { within } from '../../lib/within.ts';

type Options = { deps: Pick<AppDeps, 'database' | 'redis' | 'config'>; metrics: Metrics };

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /metrics tells traffic, users' activity and internals: with METRICS_TOKEN set it wants
 * `Authorization: Bearer <token>`; without, it answers only the server's own host (a scraper
 * on the same machine, the load tests).
 */
function metricsGuard(token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return async (request: FastifyRequest) => {
    if (!expected) {
      if (loopback.has(request.ip)) return;
      throw new AppError(
        'FORBIDDEN',
        'Metrics are served to this host only: set METRICS_TOKEN to scrape them from elsewhere.',
      );
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('UNAUTHENTICATED', 'Metrics need Authorization: Bearer <METRICS_TOKEN>.');
  };
}

const checkTimeoutMs = 1000;

/** Liveness, readiness (names the failing dependency) and Prometheus metrics. */
export default async function healthRoutes(app: FastifyInstance, { deps, metrics }: Options) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, string> = {};
    const probes: [string, () => Promise<unknown>][] = [
      [deps.database.kind === 'postgres' ? 'database' : 'database (embedded)', deps.database.ping],
    ];
    const redis = deps.redis;
    if (redis) probes.push(['redis', () => redis.ping()]);
    await Promise.all(
      probes.map(async ([name, probe]) => {
        try {
          await within(
            probe(),
            checkTimeoutMs,
            () => new Error(`no answer within ${checkTimeoutMs} ms`),
          );
          checks[name] = 'ok';
        } catch (err) {
          checks[name] = `unavailable: ${(err as Error).message}`;
        }
      }),
    );
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get(
    '/metrics',
    { preHandler: metricsGuard(deps.config.METRICS_TOKEN) },
    async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
