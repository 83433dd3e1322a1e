import type { PublishLive } from '../../core/live-events.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import type { Beat, Presence } from '../../ports/presence.ts';

/** A terminal counts as connected for this long after its last heartbeat (ea/PROTOCOL.md). */
export const connectedWindowMs = 5000;
/**
 * Heartbeats are written together once this often: each terminal's latest, in one Redis
 * call. Well inside `connectedWindowMs`, so a beating terminal never looks gone. Short, so
 * that each call is small: one call a second for 1,000 terminals held Redis for 3-5 ms, and
 * every quota check and doorbell of that moment waited behind it.
 */
export const beatFlushMs = 100;

/**
 * Terminals' heartbeats and connection state, in presence (Redis), with "EA connected"
 * announced on the owner's dashboard when a terminal comes or goes.
 */
export function createHeartbeats({
  presence,
  publishLive,
  now,
  onError,
}: {
  presence: Presence;
  publishLive: PublishLive;
  now: () => number;
  onError: (err: unknown) => void;
}) {
  /** Each terminal's latest heartbeat not written yet. */
  const beats = new Map<string, Beat>();
  const beatFlush = setInterval(() => {
    if (beats.size === 0) return;
    const batch = [...beats.values()];
    beats.clear();
    presence.beat(batch).catch(onError);
  }, beatFlushMs);
  beatFlush.unref();

  async function announceConnection(userId: string) {
    const lastConnected = await presence.lastSeen(userId);
    const online = await presence.members(userId, now() - connectedWindowMs);
    publishLive(userId, { type: 'ea', connected: online.length > 0, lastConnected });
  }

  return {
    /** A heartbeat (ping frame or poll): written with the others within `beatFlushMs`. */
    beat(terminal: TerminalRef) {
      beats.set(terminal.id, { owner: terminal.userId, member: terminal.id, at: now() });
    },

    async connected(terminal: TerminalRef) {
      beats.delete(terminal.id);
      await presence.beat([{ owner: terminal.userId, member: terminal.id, at: now() }]);
      await announceConnection(terminal.userId);
    },

    async disconnected(terminal: TerminalRef) {
      // A beat written after the leave would show the terminal connected again.
      beats.delete(terminal.id);
      await presence.leave(terminal.userId, terminal.id, now());
      await announceConnection(terminal.userId);
    },

    /** Stops writing heartbeats. */
    close() {
      clearInterval(beatFlush);
    },
  };
}
