import type { TerminalView } from '@signalrelay/contracts/terminals';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { useLive, useLiveEvents } from '../../stores/live-store.ts';

export type { TerminalView };
/** Platforms recent alerts target with no EA connected; `any`: alerts for every platform. */
export type UnservedPlatform = 'mt4' | 'mt5' | 'any';
type TerminalsReply = { terminals: TerminalView[]; release: string; unserved: UnservedPlatform[] };

const errorText = 'Could not load your terminals.';

/**
 * The signed-in user's terminals (GET /api/terminals), reloaded when the live channel says a
 * terminal's health or refusals changed, when an EA connects or drops, and after a reconnect.
 */
export function useTerminals() {
  const [terminals, setTerminals] = useState<TerminalView[] | null>(null);
  /** The current EA release, e.g. "1.1.0". */
  const [release, setRelease] = useState<string | null>(null);
  const [unserved, setUnserved] = useState<UnservedPlatform[]>([]);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const reply = await api.get<TerminalsReply>('/api/terminals', { signal: controller.signal });
      if (controller.signal.aborted) return;
      setTerminals(reply.terminals);
      setRelease(reply.release);
      setUnserved(reply.unserved);
      setError(null);
    } catch {
      if (!controller.signal.aborted) setError(errorText);
    }
  }, []);

  useEffect(() => {
    void load();
    return () => request.current?.abort();
  }, [load]);
  useLiveEvents((message) => {
    if (message.type === 'terminals' || message.type === 'resync') void load();
    // A new signal may target a platform no EA serves.
    else if (message.type === 'signal' && message.signal.status === 'pending') void load();
  });
  const connected = useLive((s) => s.ea?.connected);
  useEffect(() => {
    if (connected !== undefined) void load();
  }, [connected, load]);

  return { terminals, release, unserved, error, reload: load };
}
