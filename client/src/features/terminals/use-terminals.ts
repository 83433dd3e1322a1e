import { useCallback, useEffect, useRef, useState } from 'react';
import type { TerminalView } from '../../../../server/src/features/terminals/terminals-routes.ts';
import { api } from '../../lib/api-client.ts';
import { useLive, useLiveEvents } from '../../stores/live-store.ts';

export type { TerminalView };

const errorText = 'Could not load your terminals.';

/**
 * The signed-in user's terminals (GET /api/terminals), reloaded when the live channel says a
 * terminal's health or refusals changed, when an EA connects or drops, and after a reconnect.
 */
export function useTerminals() {
  const [terminals, setTerminals] = useState<TerminalView[] | null>(null);
  /** The current EA release, e.g. "1.1.0". */
  const [release, setRelease] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    try {
      const reply = await api.get<{ terminals: TerminalView[]; release: string }>(
        '/api/terminals',
        {
          signal: controller.signal,
        },
      );
      if (controller.signal.aborted) return;
      setTerminals(reply.terminals);
      setRelease(reply.release);
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
  });
  const connected = useLive((s) => s.ea?.connected);
  useEffect(() => {
    if (connected !== undefined) void load();
  }, [connected, load]);

  return { terminals, release, error, reload: load };
}
