import type { FastifyInstance } from 'fastify';
import { liveChannel } from '../../core/live-events.ts';
import type { AppDeps } from '../../deps.ts';
import { requireOwnOriginIfAny, requireUser, signedInUser } from '../../http/auth-guards.ts';
import { connectedWindowMs } from '../relay/relay-heartbeats.ts';

/** A dashboard that cannot keep up is dropped; it refetches over REST when it reconnects. */
const maxBufferedBytes = 1024 * 1024;

type Options = { deps: Pick<AppDeps, 'bus' | 'presence' | 'now'> };

/**
 * `GET /api/live`: the signed-in user's events (signals created/updated, EA connected or
 * not, quota) over one WebSocket, from whichever instance produced them. The browser sends
 * `{"type":"ping"}` to keep it alive and gets `{"type":"pong"}`.
 */
export default async function liveRoutes(app: FastifyInstance, { deps }: Options) {
  const preValidation = [requireOwnOriginIfAny, requireUser];
  app.get('/', { websocket: true, preValidation }, (socket, request) => {
    const user = signedInUser(request);
    let unsubscribe: (() => Promise<void>) | null = null;
    let closed = false;

    socket.on('message', (data) => {
      if (data.toString() === '{"type":"ping"}') socket.send('{"type":"pong"}');
    });
    socket.on('close', () => {
      closed = true;
      unsubscribe?.().catch(() => undefined);
    });

    const forward = (message: string) => {
      if (socket.bufferedAmount > maxBufferedBytes) return socket.terminate();
      socket.send(message);
    };

    deps.bus
      .subscribe(liveChannel(user.id), forward)
      .then(async (off) => {
        if (closed) return off();
        unsubscribe = off;
        const lastConnected = await deps.presence.lastSeen(user.id);
        const online = await deps.presence.members(user.id, deps.now() - connectedWindowMs);
        socket.send(JSON.stringify({ type: 'ea', connected: online.length > 0, lastConnected }));
      })
      .catch((err) => {
        request.log.warn({ err }, 'live channel unavailable');
        socket.close(1011, 'live channel unavailable');
      });
  });
}
