import {
  executorRetryMs,
  type HealthIssue,
  httpErrorSchema,
  type PollRequest,
  type ResultRequest,
  rulesFrameSchema,
  type SignalResult,
} from '@signalrelay/contracts/ea-protocol';
import { backoffDelay } from './backoff.ts';
import type { Arrival, Transport, TransportOptions } from './ea-types.ts';
import { createJsonPoster } from './json-post.ts';

/** The server's hold before it has told us its `waitMs`; generous so a first hold is not cut. */
const initialWaitMs = 25_000;
/** ea/PROTOCOL.md: the client's timeout is `waitMs + 5000`. */
const timeoutMarginMs = 5000;
/** pollRequestSchema accepts at most 1,000 ids and 1,000 results per poll. */
const maxPerPoll = 1000;

export interface PollTransportOptions extends TransportOptions {
  /**
   * Carry results on the next poll instead of posting each to /api/ea/result at once; the next
   * poll then waits until the signals of the last reply are answered.
   */
  resultsOnPoll: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * Transport B (ea/PROTOCOL.md): `POST /api/ea/poll` in a loop. Each poll carries the ids
 * received and (optionally) the results since the last one; the server holds it up to `waitMs`.
 * Polls again at once after a reply, after 1 s, 2 s, 4 s … 30 s after errors; stops for good on
 * 400/401, which no retry can fix.
 */
export function createPollTransport(options: PollTransportOptions): Transport {
  const { events, backoff, identity } = options;
  const base = options.server.replace(/\/$/, '');
  const pollUrl = `${base}/api/ea/poll`;
  const resultUrl = `${base}/api/ea/result`;
  let stopped = true;
  let connected = false;
  let attempt = 0;
  let waitMs = initialWaitMs;
  let received: string[] = [];
  let results: SignalResult[] = [];
  /** v2: health not yet carried by a poll that got an answer (undefined: unchanged). */
  let health: HealthIssue[] | undefined;
  /** v3: the id of the rules this EA holds. */
  let rulesId = '';
  let inflight: AbortController | undefined;
  let sleeping: { timer: NodeJS.Timeout; wake: () => void } | undefined;
  let loop: Promise<void> = Promise.resolve();

  const poster = createJsonPoster();

  const post = async (url: string, body: object, timeoutMs: number, abort?: AbortController) => {
    const controller = abort ?? new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timed out')), timeoutMs);
    try {
      const response = await poster.post(url, JSON.stringify(body), controller.signal);
      if (response.status < 200 || response.status > 299) {
        const parsed = httpErrorSchema.safeParse(safeJson(response.text));
        const retryAfter = Number(response.retryAfter);
        throw new HttpError(
          response.status,
          parsed.success ? parsed.data.code : `HTTP_${response.status}`,
          parsed.success
            ? parsed.data.message
            : response.text.slice(0, 200) || response.statusMessage,
          Number.isFinite(retryAfter) ? retryAfter * 1000 : 0,
        );
      }
      return safeJson(response.text);
    } finally {
      clearTimeout(timer);
    }
  };

  /** A 400 or 401 will be answered the same way every time: stop rather than hammer. */
  const isFatal = (error: unknown): error is HttpError =>
    error instanceof HttpError && (error.status === 400 || error.status === 401);

  const stopFor = (error: HttpError) => {
    stopped = true;
    if (connected) {
      connected = false;
      events.disconnected(`${error.code}: ${error.message}`);
    }
    events.fatal({ code: error.code, message: error.message });
  };

  const pollOnce = async () => {
    const sentReceived = received.splice(0, maxPerPoll);
    const sentResults = results.splice(0, maxPerPoll);
    const sentHealth = health;
    health = undefined;
    const body: PollRequest = {
      v: options.protocol,
      ...identity,
      ...options.instance,
      eaVersion: options.eaVersion,
      ...(options.terminalBuild === undefined ? {} : { terminalBuild: options.terminalBuild }),
      received: sentReceived,
      results: sentResults,
      ...(sentHealth && options.protocol >= 2 ? { health: sentHealth } : {}),
      ...(options.protocol >= 3 ? { rulesId } : {}),
    };
    inflight = new AbortController();
    let reply: unknown;
    try {
      reply = await post(pollUrl, body, waitMs + timeoutMarginMs, inflight);
    } catch (error) {
      // Nothing proves the server recorded them: send them again with the next poll.
      received = sentReceived.concat(received);
      results = sentResults.concat(results);
      health ??= sentHealth;
      throw error;
    } finally {
      inflight = undefined;
    }
    const arrival: Arrival = { monotonic: performance.now(), wall: Date.now() };
    const { signals, rules, ...timing } = (reply ?? {}) as {
      signals?: unknown;
      rules?: unknown;
      rulesId?: unknown;
      waitMs?: unknown;
      heartbeatMs?: unknown;
      serverTime?: unknown;
    };
    if (!Array.isArray(signals)) throw new Error('the poll reply has no signals array');
    if (typeof timing.waitMs === 'number' && timing.waitMs >= 0) waitMs = timing.waitMs;
    attempt = 0;
    if (!connected) {
      connected = true;
      events.connected({
        heartbeatMs: typeof timing.heartbeatMs === 'number' ? timing.heartbeatMs : 0,
        serverTime: typeof timing.serverTime === 'number' ? timing.serverTime : 0,
      });
    }
    if (options.protocol >= 3 && rules !== undefined) {
      const parsed = rulesFrameSchema.safeParse({ type: 'rules', rules, rulesId: timing.rulesId });
      if (parsed.success) {
        rulesId = parsed.data.rulesId;
        events.rules({ rulesId, rules: parsed.data.rules });
      } else events.problem('the server sent malformed rules; the previous ones stay');
    }
    for (const signal of signals) events.signal(signal, arrival);
    // Like an MT4 EA, which trades between two polls: the next poll carries these results.
    if (options.resultsOnPoll && signals.length > 0) await options.answered();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        sleeping = undefined;
        resolve();
      };
      sleeping = { timer: setTimeout(wake, ms), wake };
    });

  const run = async () => {
    while (!stopped) {
      try {
        await pollOnce();
      } catch (error) {
        if (stopped) return;
        if (isFatal(error)) return stopFor(error);
        const { message } = error as Error;
        if (error instanceof HttpError && error.code === 'EXECUTOR_TAKEN') {
          // Another copy trades this account: stay idle, ask again now and then.
          if (connected) {
            connected = false;
            events.disconnected(message);
          }
          events.problem(error.message);
          await sleep(executorRetryMs);
          continue;
        }
        if (connected) {
          connected = false;
          events.disconnected(message);
        }
        events.problem(`poll failed: ${message}`);
        const retryAfter = error instanceof HttpError ? error.retryAfterMs : 0;
        await sleep(Math.max(retryAfter, backoffDelay(attempt++, backoff)));
      }
    }
  };

  const postResult = async (result: SignalResult) => {
    const body: ResultRequest = { ...result, ...identity };
    try {
      await post(resultUrl, body, timeoutMarginMs * 2);
    } catch (error) {
      if (stopped) return;
      if (error instanceof HttpError && error.status === 401) return stopFor(error);
      if (error instanceof HttpError && error.status === 400) {
        // The server will never accept this result; re-sending it on every poll would not help.
        events.problem(`result ${result.id} rejected: ${error.message}`);
        return;
      }
      events.problem(
        `result ${result.id} not sent (${(error as Error).message}); it goes with the next poll`,
      );
      results.push(result);
    }
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    async stop() {
      stopped = true;
      inflight?.abort(new Error('EA stopped'));
      if (sleeping) {
        clearTimeout(sleeping.timer);
        sleeping.wake();
      }
      await loop;
      poster.close();
      if (connected) {
        connected = false;
        events.disconnected('EA stopped');
      }
    },
    sendReceived(id) {
      received.push(id);
    },
    sendResult(result) {
      if (options.resultsOnPoll) results.push(result);
      else void postResult(result);
    },
    sendHealth(issues) {
      health = issues;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
