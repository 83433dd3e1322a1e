import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { createCore } from './core/core.ts';
import { createMetrics } from './core/metrics.ts';
import type { AppDeps } from './deps.ts';
import accountRoutes from './features/account/account-routes.ts';
import authRoutes from './features/auth/auth-routes.ts';
import billingRoutes from './features/billing/billing-routes.ts';
import contactRoutes from './features/contact/contact-routes.ts';
import downloadsRoutes from './features/downloads/downloads-routes.ts';
import healthRoutes from './features/health/health-routes.ts';
import liveRoutes from './features/live/live-routes.ts';
import { createNotifier, observedBy } from './features/notifications/notifications-notifier.ts';
import notificationsRoutes from './features/notifications/notifications-routes.ts';
import ordersRoutes from './features/orders/orders-routes.ts';
import { pollWaitMs } from './features/relay/relay-poll.ts';
import relayRoutes from './features/relay/relay-routes.ts';
import { createRelayService } from './features/relay/relay-service.ts';
import { createRulesBook } from './features/rules/rules-book.ts';
import rulesRoutes from './features/rules/rules-routes.ts';
import signalsRoutes from './features/signals/signals-routes.ts';
import alertSchemaRoute from './features/signals/signals-schema-route.ts';
import siteRoutes from './features/site/site-routes.ts';
import terminalsRoutes from './features/terminals/terminals-routes.ts';
import { registerSessions } from './http/auth-guards.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHttpMetrics } from './http/metrics.ts';
import { lazyRequestLogger } from './http/request-logger.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { defaultClientDist } from './paths.ts';

/** Largest EA WebSocket frame we accept (ea/PROTOCOL.md: frames up to 64 KiB). */
const maxFrameBytes = 64 * 1024;

/**
 * Time limits of the HTTP server. A connection with no traffic for `connectionTimeout` is
 * closed, so it must outlast the longest long-poll hold, during which nothing is sent (at
 * 10 s, polls held 20 s were cut and EAs saw "other side closed"). WebSockets are not
 * affected: their sockets leave the HTTP server when upgraded.
 */
export const httpTimeouts = {
  connectionTimeout: pollWaitMs + 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
} satisfies FastifyServerOptions;

/** A hop count becomes proxy-addr's "trust the first n hops" function. */
function trustProxyOption(
  setting: boolean | number | string[],
): FastifyServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * The table of contents: the shared services first, then infrastructure plugins, then every
 * feature with its URL prefix, then the client (which owns the not-found handler).
 */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}) {
  const app = Fastify({
    ...httpTimeouts,
    loggerInstance: deps.logger,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    return503OnClosing: true,
    // Two log lines per request would cost the hot path more than it tells; errors are logged
    // by the error handler and latencies are in /metrics.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    ...options,
  });
  const metrics = createMetrics();

  // Shared services (signal store, license cache, relay hub, expiry) and their lifetime.
  // Notifications watch what the dashboard is told (signal failed, quota, EA gone) and enqueue
  // their jobs in the background: nothing on the request path waits for them.
  const notifier = createNotifier({
    db: deps.database.db,
    jobs: deps.jobs,
    bus: deps.bus,
    now: deps.now,
    logger: deps.logger,
    minuteMs: deps.config.NOTIFY_MINUTE_MS,
  });
  const core = createCore(deps, metrics, { wrapLive: (publish) => observedBy(publish, notifier) });
  const stopLicenseInvalidation = await core.licenses.listen();
  const stopNotifierInvalidation = await notifier.listen();
  // Account rules: read by intake and the EA gateway, changed on the Rules screen.
  const rules = createRulesBook({
    database: deps.database,
    bus: deps.bus,
    now: deps.now,
    logger: deps.logger,
  });
  const stopRulesInvalidation = await rules.listen();
  // What EAs send on either transport (acknowledgements, results, heartbeats). Built here, not
  // in the EA gateway, because shutdown stores what it holds before the sockets close (below).
  const relay = createRelayService({
    store: core.store,
    reports: deps.eaReports,
    presence: deps.presence,
    publishLive: core.publishLive,
    metrics,
    now: deps.now,
    onError: (err) => deps.logger.warn({ err }, 'EA presence or message write failed'),
  });
  app.addHook('onClose', async () => {
    await relay.close();
    await stopLicenseInvalidation();
    await stopNotifierInvalidation();
    await stopRulesInvalidation();
    await core.hub.close();
    core.store.close();
  });

  // Infrastructure
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: maxFrameBytes },
    // On shutdown tell EAs and browsers to reconnect (to another instance) rather than stop;
    // EAs only once their acknowledgements are stored, or that instance would resend them.
    preClose(done) {
      void relay.drain().then(() => {
        notifier.stop();
        for (const client of this.websocketServer.clients) client.close(1012, 'server restarting');
        this.websocketServer.close(() => done());
      });
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'rl:' } : {}),
  });
  registerSecurityHeaders(app, deps.config.publicUrl);
  registerErrorHandler(app, { now: deps.now });
  registerHttpMetrics(app, metrics);
  registerSessions(app, deps);

  // Features
  await app.register(healthRoutes, { deps, metrics });
  await app.register(authRoutes, { prefix: '/api/auth', deps });
  await app.register(accountRoutes, { prefix: '/api/account', deps });
  await app.register(signalsRoutes, { prefix: '/api/webhook', deps, core, metrics, rules });
  await app.register(relayRoutes, {
    prefix: '/api/ea',
    deps,
    core,
    metrics,
    rules,
    relay,
    onExecutorRefused: notifier.executorRefused,
  });
  await app.register(rulesRoutes, { prefix: '/api/rules', rules });
  await app.register(ordersRoutes, { prefix: '/api/orders', deps, core });
  await app.register(terminalsRoutes, { prefix: '/api/terminals', deps });
  await app.register(liveRoutes, { prefix: '/api/live', deps });
  await app.register(notificationsRoutes, {
    prefix: '/api/notifications',
    deps,
    notifier,
  });
  await app.register(billingRoutes, { prefix: '/api/stripe-subscriptions', deps });
  await app.register(contactRoutes, { prefix: '/api/contact', deps });
  await app.register(downloadsRoutes, { deps });
  await app.register(alertSchemaRoute, { deps });

  // The client last: it answers every path no feature claimed.
  await app.register(siteRoutes, { clientDist: deps.config.CLIENT_DIST ?? defaultClientDist });

  return app;
}
