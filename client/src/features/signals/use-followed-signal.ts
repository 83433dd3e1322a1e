import { useCallback, useRef, useState } from 'react';
import { queryClient } from '../../lib/query.ts';
import { useLive, useLiveEvents } from '../../stores/live-store.ts';
import { terminalsQuery } from '../shared/terminals-query.ts';
import type { Platform } from './signal-journey.ts';
import type { SignalView } from './signals-api.ts';

/** Signals seen on the live channel before the webhook's reply named the one to follow. */
const keptEarly = 20;

/**
 * One signal as the live channel reports it, from the moment `follow(id)` names it: the
 * Signal Test's result. The channel may announce the signal (and even its delivery) before
 * the webhook's reply arrives, so the latest few signals are kept until then. `connected`:
 * the platforms with an EA connected when the signal was sent (GET /api/terminals), so that
 * "nobody will take it" shows at once instead of when the signal expires.
 */
export function useFollowedSignal() {
  const [followed, setFollowed] = useState<SignalView | null>(null);
  const [connected, setConnected] = useState<Platform[] | null>(null);
  const followedId = useRef<string | null>(null);
  const early = useRef(new Map<string, SignalView>());
  const live = useLive((s) => s.status === 'open');

  useLiveEvents((message) => {
    if (message.type !== 'signal') return;
    const signal = message.signal;
    if (followedId.current === null) {
      early.current.delete(signal.id);
      early.current.set(signal.id, signal);
      if (early.current.size > keptEarly) {
        early.current.delete(early.current.keys().next().value as string);
      }
    } else if (signal.id === followedId.current) {
      setFollowed(signal);
    }
  });

  /** Forgets the signal followed so far: a new one is being sent. */
  const reset = useCallback(() => {
    followedId.current = null;
    early.current.clear();
    setFollowed(null);
    setConnected(null);
    // Asked anew while the webhook call is under way: known by the time its reply names the signal.
    queryClient
      .fetchQuery(terminalsQuery)
      .then((reply) =>
        setConnected(reply.terminals.filter((t) => t.connected).map((t) => t.platform)),
      )
      .catch(() => setConnected(null));
  }, []);

  const follow = useCallback((id: string) => {
    followedId.current = id;
    setFollowed(early.current.get(id) ?? null);
    early.current.clear();
  }, []);

  return { followed, connected, live, reset, follow };
}
