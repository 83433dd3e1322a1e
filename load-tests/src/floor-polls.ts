import type { ServerResponse } from 'node:http';

/**
 * The floor's long-poll, the protocol's transport B (MT4) cut to what it costs: a poll carries
 * what its EA received and the results since its last poll, which are stored before it is
 * answered (the reply tells the EA they are kept), and is answered with the license's queued
 * signals, or else held until a signal comes (or `waitMs` passes). Signals pushed in one
 * event-loop turn go in one reply, as the server's read of what is pending gives them. A
 * license's first poll is answered at once: it says the EA is there.
 */
export function createFloorPolls(onFrame: (id: string, status: string | null) => Promise<void>) {
  const waitMs = 2000;
  /** Signals (their JSON) not yet in a reply, per license that polls. */
  const queued = new Map<string, string[]>();
  const held = new Map<string, { res: ServerResponse; timer: NodeJS.Timeout }>();
  const flushing = new Set<string>();

  function reply(res: ServerResponse, signals: string[]) {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(`{"signals":[${signals.join(',')}],"waitMs":${waitMs}}`);
  }

  function answer(license: string) {
    const poll = held.get(license);
    const signals = queued.get(license);
    if (!poll) return;
    held.delete(license);
    clearTimeout(poll.timer);
    queued.set(license, []);
    reply(poll.res, signals ?? []);
  }

  function flush(license: string) {
    flushing.delete(license);
    if (queued.get(license)?.length) answer(license);
  }

  return {
    /** Whether `license`'s EA polls (its signals go here, not to a socket). */
    polls: (license: string) => queued.has(license),

    /** Queues a signal for a license that polls; a held poll has it at the end of this turn. */
    push(license: string, signal: string) {
      queued.get(license)?.push(signal);
      if (held.has(license) && !flushing.has(license)) {
        flushing.add(license);
        setImmediate(flush, license);
      }
    },

    /** A poll of `license`: `body` is `{ received?: id[], results?: { id, status }[] }`. */
    async poll(license: string, body: string, res: ServerResponse) {
      const { received = [], results = [] } = (body ? JSON.parse(body) : {}) as {
        received?: string[];
        results?: { id: string; status?: string }[];
      };
      try {
        await Promise.all([
          ...received.map((id) => onFrame(id, null)),
          ...results.map((result) => onFrame(result.id, result.status ?? 'success')),
        ]);
      } catch (err) {
        res.writeHead(503).end(JSON.stringify({ ok: false, code: (err as Error).message }));
        return;
      }
      if (!queued.has(license)) {
        queued.set(license, []);
        reply(res, []);
        return;
      }
      answer(license); // an EA polls once at a time: a poll still held is over
      if (queued.get(license)!.length > 0) {
        reply(res, queued.get(license)!);
        queued.set(license, []);
        return;
      }
      const timer = setTimeout(answer, waitMs, license);
      held.set(license, { res, timer });
    },

    close() {
      for (const license of [...held.keys()]) answer(license);
      queued.clear();
    },
  };
}
