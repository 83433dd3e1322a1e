import type { DownloadsManifest } from '@signalrelay/contracts/downloads';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/query.ts';

export type DownloadsState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; manifest: DownloadsManifest };

/**
 * The server builds the list at start-up, so it only changes when it restarts with a new
 * release: asked once per visit.
 */
const downloadsQuery = apiQuery<DownloadsManifest>(['downloads'], '/api/downloads', {
  staleTime: Number.POSITIVE_INFINITY,
});

/** The EA downloads (GET /api/downloads), shared by the Downloads tab and /docs/download-ea. */
export function useDownloads(): DownloadsState {
  const { data, isError, isFetching, refetch } = useQuery(downloadsQuery);
  if (data) return { status: 'ready', manifest: data };
  if (isError && !isFetching) return { status: 'error', retry: () => void refetch() };
  return { status: 'loading' };
}
