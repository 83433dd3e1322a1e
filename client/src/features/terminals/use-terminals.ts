import type { TerminalView } from '@signalrelay/contracts/terminals';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/query.ts';

export type { TerminalView };
/** Platforms recent alerts target with no EA connected; `any`: alerts for every platform. */
export type UnservedPlatform = 'mt4' | 'mt5' | 'any';
type TerminalsReply = { terminals: TerminalView[]; release: string; unserved: UnservedPlatform[] };

/**
 * The signed-in user's terminals (GET /api/terminals). The live channel refetches them when a
 * terminal's health or refusals changed, when an EA connects or drops, when a signal waits
 * for an EA, and after a reconnect (`stores/live-queries.ts`).
 */
export const terminalsQuery = apiQuery<TerminalsReply>(['terminals'], '/api/terminals');

export function useTerminals() {
  const { data, error, refetch } = useQuery(terminalsQuery);
  return {
    terminals: data?.terminals ?? null,
    /** The current EA release, e.g. "1.1.0". */
    release: data?.release ?? null,
    unserved: data?.unserved ?? [],
    error: error ? 'Could not load your terminals.' : null,
    reload: refetch,
  };
}
