import type { LiveEvent } from '@signalrelay/contracts/live';
import type { SignalView } from '@signalrelay/contracts/signals';
import WebSocket from 'ws';

/**
 * A user's live channel on the server at `url` (its cookie signs it in): every 'signal' event
 * it carries, in order, until `close`.
 */
export async function liveSignals(url: string, user: { cookie: string }) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`, {
    headers: { cookie: user.cookie },
  });
  const seen: SignalView[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString()) as LiveEvent;
    if (event.type === 'signal') seen.push(event.signal);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  return { seen, close: () => socket.close() };
}
