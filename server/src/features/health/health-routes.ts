import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { Metrics } from '../../http/metrics.ts';

type Options = { deps: Pick<AppDeps, 'database' | 'redis'>; metrics: Metrics };

const checkTimeoutMs = 1000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

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
          await withTimeout(probe(), checkTimeoutMs);
          checks[name] = 'ok';
        } catch (err) {
          checks[name] = `unavailable: ${(err as Error).message}`;
        }
      }),
    );
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
