import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus registry and the metrics features record into. One registry per app
 * instance so tests can build several apps in one process.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const ms = [0.5, 1, 2, 5, 10, 20, 50, 100, 250, 500, 1000, 2500, 5000];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_ms',
      help: 'HTTP request handling time in milliseconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: ms,
      registers: [registry],
    }),
    webhookDuration: new Histogram({
      name: 'signal_intake_duration_ms',
      help: 'Webhook handling time from request start to reply, in milliseconds',
      labelNames: ['outcome'] as const,
      buckets: ms,
      registers: [registry],
    }),
    deliveryLatency: new Histogram({
      name: 'signal_delivery_latency_ms',
      help: 'Time from signal receipt to the EA acknowledging it, in milliseconds',
      labelNames: ['transport'] as const,
      buckets: ms,
      registers: [registry],
    }),
    executionLatency: new Histogram({
      name: 'signal_execution_latency_ms',
      help: 'Time from signal receipt to the EA reporting its result, in milliseconds',
      buckets: ms,
      registers: [registry],
    }),
    /** Alerts that named no license we could charge them to: counted, never stored. */
    unattributedAlerts: new Counter({
      name: 'webhook_unattributed_alerts_total',
      help: 'Webhook alerts refused without a valid, verified license to attribute them to, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    /** How each long-poll learnt what was waiting for its EA (features/relay/relay-poll-links.ts). */
    longPolls: new Counter({
      name: 'ea_long_polls_total',
      help: 'Long-polls by how they learnt what was waiting: read from Postgres, or kept for them since the last poll',
      labelNames: ['pending'] as const,
      registers: [registry],
    }),
    signalsByStatus: new Counter({
      name: 'signals_total',
      help: 'Signals by final or initial status',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
