import WebSocket from 'ws';

/**
 * A bare protocol-level EA for server tests: sends and receives raw frames so tests can
 * assert exactly what crosses the wire (the full reference EA lives in bridge/).
 */
export async function openEaSocket(baseUrl: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ea/ws`);
  const frames: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  return {
    socket,
    frames,
    closed,
    send(frame: unknown) {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    /** Resolves with the first frame (from the start) that matches, waiting up to `ms`. */
    async next(match: (f: Record<string, unknown>) => boolean, ms = 3000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close() {
      socket.close();
    },
  };
}

export const helloFrame = (licenseNumber: string, extra: Record<string, unknown> = {}) => ({
  type: 'hello',
  v: 1,
  licenseNumber,
  platform: 'mt5',
  account: '5012345',
  broker: 'MetaQuotes-Demo',
  eaVersion: '1.0.0',
  terminalBuild: 4620,
  ...extra,
});

/** POSTs a long poll (`/api/ea/poll`) as the EA's HTTP transport does. */
export const postPoll = (baseUrl: string, body: unknown) =>
  fetch(`${baseUrl}/api/ea/poll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** What an MT4 EA on long-poll names itself with in each poll. */
export const pollIdentity = (licenseNumber: string) => ({
  v: 1,
  licenseNumber,
  platform: 'mt4',
  account: '123456',
  broker: 'Demo-Server',
});

/** A long poll's status and JSON reply. */
export async function pollOnce(baseUrl: string, body: Record<string, unknown>) {
  const res = await postPoll(baseUrl, body);
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** An EA socket that said hello for `licenseNumber` (`extra` added to the hello) and was welcomed. */
export async function welcomedEaSocket(
  baseUrl: string,
  licenseNumber: string,
  extra: Record<string, unknown> = {},
) {
  const ea = await openEaSocket(baseUrl);
  ea.send(helloFrame(licenseNumber, extra));
  await ea.next((f) => f.type === 'welcome');
  return ea;
}
