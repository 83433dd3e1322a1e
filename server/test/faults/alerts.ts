import { alertFields } from '../webhook.ts';

/** What one webhook call got back, and how long it took. */
export type AlertReply = {
  licenseNumber: string;
  status: number;
  /** The error code of a non-2xx reply, or `TIMEOUT`/`NETWORK` when there was no reply. */
  code: string | null;
  signalId: string | null;
  delivered: boolean;
  ms: number;
  /** `Date.now()` when it was sent. */
  sentAt: number;
};

/** TradingView gives up after 3 s; we wait a little longer to see what a hang would do. */
const clientTimeoutMs = 5000;

/** Posts one alert the way TradingView does (text/plain) and records the outcome. */
export async function sendAlert(
  server: string,
  licenseNumber: string,
  fields: Record<string, unknown> = {},
): Promise<AlertReply> {
  const started = performance.now();
  const sentAt = Date.now();
  const body = JSON.stringify(alertFields(licenseNumber, fields));
  try {
    const res = await fetch(`${server}/api/webhook/handleWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
      signal: AbortSignal.timeout(clientTimeoutMs),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return {
      licenseNumber,
      status: res.status,
      code: typeof json.code === 'string' ? json.code : null,
      signalId: res.status === 200 && typeof json.signalId === 'string' ? json.signalId : null,
      delivered: json.delivered === true,
      ms: performance.now() - started,
      sentAt,
    };
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    return {
      licenseNumber,
      status: 0,
      code: timedOut ? 'TIMEOUT' : 'NETWORK',
      signalId: null,
      delivered: false,
      ms: performance.now() - started,
      sentAt,
    };
  }
}

/**
 * Sends `perSecond` alerts a second for `durationMs`, round-robin over licenses and servers,
 * without waiting for replies (as TradingView would); resolves with every reply.
 */
export async function alertStream(options: {
  servers: () => string[];
  licenses: string[];
  perSecond: number;
  durationMs: number;
}): Promise<AlertReply[]> {
  const pending: Promise<AlertReply>[] = [];
  const gapMs = 1000 / options.perSecond;
  const started = performance.now();
  for (let i = 0; performance.now() - started < options.durationMs; i++) {
    const servers = options.servers();
    const server = servers[i % servers.length]!;
    pending.push(sendAlert(server, options.licenses[i % options.licenses.length]!));
    const due = started + (i + 1) * gapMs;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  return Promise.all(pending);
}
