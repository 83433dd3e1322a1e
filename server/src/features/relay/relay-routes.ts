import { readPlainPoll, readPlainResultRequest } from '@signalrelay/contracts/ea-plain-readers';
import { pollRequestSchema, resultRequestSchema } from '@signalrelay/contracts/ea-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.ts';
import type { Metrics } from '../../core/metrics.ts';
import type { AppDeps } from '../../deps.ts';
import { refuseGuessing } from '../../http/license-misses.ts';
import { parseInput } from '../../http/validate.ts';
import type { RulesBook } from '../rules/rules-book.ts';
import { createCatchUp } from './relay-catch-up.ts';
import { createExecutorGate, type ExecutorGateOptions } from './relay-executors.ts';
import { createEaLimits } from './relay-limits.ts';
import { createPollGateway } from './relay-poll.ts';
import { createRulesDelivery } from './relay-rules.ts';
import type { RelayService } from './relay-service.ts';
import { createTerminalRegistry } from './relay-terminals.ts';
import { createWsGateway } from './relay-ws.ts';

/** EA requests are small; a poll may carry up to 1,000 ids and results. */
const eaBodyLimit = 256 * 1024;

type Options = {
  deps: AppDeps;
  core: Core;
  metrics: Metrics;
  /** The account rules v3 EAs enforce. */
  rules: RulesBook;
  /** What EAs send; the app drains it on shutdown and closes it. */
  relay: RelayService;
  /** Told of each second EA refused (notifications). */
  onExecutorRefused?: ExecutorGateOptions['onRefused'];
};

/** The EA gateway (ea/PROTOCOL.md): `/api/ea/ws`, `/api/ea/poll`, `/api/ea/result`. */
export default async function relayRoutes(
  app: FastifyInstance,
  { deps, core, metrics, rules, relay, onExecutorRefused }: Options,
) {
  const { now } = deps;
  const terminals = createTerminalRegistry({ database: deps.database, now });
  const shared = {
    licenses: core.licenses,
    terminals,
    hub: core.hub,
    relay,
    executors: createExecutorGate({
      leases: deps.leases,
      terminals,
      publishLive: core.publishLive,
      now,
      onRefused: onExecutorRefused,
    }),
    publishLive: core.publishLive,
    rules: createRulesDelivery({
      rules,
      onError: (err) => app.log.warn({ err }, 'could not send the rules to an EA'),
    }),
    now,
  };
  const limits = createEaLimits({ now, log: app.log });
  const ws = createWsGateway({ ...shared, limits, log: app.log });
  core.licenses.onChange((userId) => {
    ws.recheck(userId).catch((err) => app.log.warn({ err }, 'license re-check failed'));
  });
  const poll = createPollGateway({
    ...shared,
    underWay: core.underWay,
    metrics,
    onError: (err) => app.log.warn({ err }, 'could not record long-poll delivery time'),
  });
  const catchUp = createCatchUp({
    db: deps.database.db,
    hub: core.hub,
    now,
    onError: (err) =>
      app.log.warn({ err }, 'could not look for signals that missed their doorbell'),
  });
  // Before the server waits for in-flight requests: held polls would otherwise keep it 20 s.
  app.addHook('preClose', async () => poll.release());
  app.addHook('onClose', async () => {
    catchUp.close();
    ws.close();
    poll.close();
  });

  app.get('/ws', { websocket: true }, (socket, request) =>
    ws.handle(socket, request.raw.socket, request.ip),
  );

  /** Unknown licenses are counted per IP; past the budget the answer is 429, not 401. */
  async function countingMisses<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      refuseGuessing(limits, request.ip, err);
      throw err;
    }
  }

  app.post('/poll', { bodyLimit: eaBodyLimit }, async (request, reply) => {
    // zod where the plain reader declines: it names the problem, at a cost polls avoid.
    const body = readPlainPoll(request.body) ?? parseInput(pollRequestSchema, request.body);
    // Released when the EA goes away, so a held poll does not outlive its request.
    const gone = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
    return countingMisses(request, () => poll.poll(body, gone));
  });

  app.post('/result', { bodyLimit: eaBodyLimit }, async (request) => {
    const { licenseNumber, platform, account, broker, ...result } =
      readPlainResultRequest(request.body) ?? parseInput(resultRequestSchema, request.body);
    const terminal = await countingMisses(request, () =>
      poll.terminalOf({ licenseNumber, platform, account, broker }, { transport: 'poll' }),
    );
    await poll.result(terminal, result);
    return { ok: true };
  });
}
