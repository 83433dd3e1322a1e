import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../core/metrics.ts';

/** Records every request's latency by route pattern (not raw URL: bounded label values). */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime,
    );
  });
}
