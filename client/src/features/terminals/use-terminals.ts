import type { TerminalView, UnservedPlatform } from '@signalrelay/contracts/terminals';
import { useQuery } from '@tanstack/react-query';
import { terminalsQuery } from '../shared/terminals-query.ts';

export type { TerminalView, UnservedPlatform };

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
