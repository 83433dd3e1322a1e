import { Agent, request } from 'node:http';
import { alertBody, alertContentType } from './alerts.ts';
import { monoNow } from './clock.ts';
import { serveParent } from './ipc.ts';

/**
 * The load generator, a process of its own so that the server's and the EAs' CPU do not slow
 * the sending. Open model: alert i leaves at start + i / rate whatever the replies do, so a
 * slow server cannot lower the offered load (it shows up as latency instead). Without a rate
 * it sends as fast as `concurrency` connections allow (the burst).
 */
export type FireArgs = {
  /** Full URL of the webhook. */
  url: string;
  /** Alert i goes to licenses[i % licenses.length]. */
  licenses: string[];
  count: number;
  /** Alerts per second; null = as fast as possible. */
  rate: number | null;
  /** Connections kept busy when `rate` is null; keep-alive connections opened beforehand. */
  concurrency: number;
  /**
   * At most this many connections open at once, as a reverse proxy's pool to the server:
   * an alert that finds them all busy waits for one, and the wait counts in its latency.
   * Unset: a new connection whenever all are busy, as independent senders do.
   */
  connections?: number | undefined;
  isTest?: boolean;
};

export type FireResult = {
  /** When the request was written, on the shared clock (ms). */
  sentAt: Float64Array;
  /** When the reply was complete (ms); 0 when there was none. */
  repliedAt: Float64Array;
  /** How late each send was against its schedule (ms): the generator's own lag. */
  lateBy: Float64Array;
  status: Int16Array;
  signalIds: (string | null)[];
  delivered: Uint8Array;
  /** Error codes or messages with how often each happened. */
  errors: Record<string, number>;
  durationMs: number;
};

const agent = new Agent({
  keepAlive: true,
  maxSockets: Number.POSITIVE_INFINITY,
  scheduling: 'lifo',
});

/** Opens `n` keep-alive connections so the first alerts do not pay for TCP set-up. */
async function warm(url: string, n: number) {
  const health = new URL('/healthz', url);
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve) => {
          const req = request(health, { agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', () => resolve());
          req.end();
        }),
    ),
  );
}

async function fire(args: FireArgs): Promise<FireResult> {
  const { url, licenses, count, rate } = args;
  const target = new URL(url);
  const bodies = Array.from({ length: count }, (_, i) =>
    alertBody(licenses[i % licenses.length]!, i, args.isTest),
  );
  const result: FireResult = {
    sentAt: new Float64Array(count),
    repliedAt: new Float64Array(count),
    lateBy: new Float64Array(count),
    status: new Int16Array(count),
    signalIds: new Array(count).fill(null),
    delivered: new Uint8Array(count),
    errors: {},
    durationMs: 0,
  };
  const countError = (what: string) => {
    result.errors[what] = (result.errors[what] ?? 0) + 1;
  };
  agent.maxSockets = args.connections ?? Number.POSITIVE_INFINITY;
  await warm(url, Math.min(args.concurrency, 256, agent.maxSockets));

  let done = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const settle = () => {
    if (++done === count) finish();
  };

  const send = (i: number, onDone?: () => void) => {
    const body = bodies[i]!;
    const req = request(target, {
      method: 'POST',
      agent,
      headers: { 'content-type': alertContentType, 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        result.repliedAt[i] = monoNow();
        result.status[i] = res.statusCode ?? 0;
        try {
          const reply = JSON.parse(Buffer.concat(chunks).toString()) as {
            signalId?: string;
            delivered?: boolean;
            code?: string;
          };
          result.signalIds[i] = reply.signalId ?? null;
          result.delivered[i] = reply.delivered ? 1 : 0;
          if ((res.statusCode ?? 0) >= 300) countError(`${res.statusCode} ${reply.code ?? ''}`);
        } catch {
          countError(`${res.statusCode} unparseable reply`);
        }
        settle();
        onDone?.();
      });
    });
    req.on('error', (err) => {
      countError(err.message);
      settle();
      onDone?.();
    });
    result.sentAt[i] = monoNow();
    req.end(body);
  };

  const startedAt = monoNow() + 20;
  if (rate) {
    const interval = 1000 / rate;
    let i = 0;
    const tick = () => {
      const now = monoNow();
      while (i < count && startedAt + i * interval <= now) {
        result.lateBy[i] = now - (startedAt + i * interval);
        send(i++);
      }
      if (i < count) setTimeout(tick, Math.max(0, startedAt + i * interval - monoNow() - 0.5));
    };
    setTimeout(tick, 20);
  } else {
    let i = 0;
    const next = () => {
      if (i < count) send(i++, next);
    };
    for (let c = 0; c < args.concurrency; c++) next();
  }
  await finished;
  result.durationMs = monoNow() - startedAt;
  return result;
}

serveParent({ fire });

export type GeneratorCommands = { fire: typeof fire };
