import type { DownloadsManifest } from '@signalrelay/contracts/downloads';
import { apiQuery } from '../../lib/query.ts';

/**
 * The EA downloads (GET /api/downloads), shared by the Downloads tab and /docs/download-ea. The
 * server builds the list at start-up, so it only changes when it restarts with a new release:
 * asked once per visit.
 */
export const downloadsQuery = apiQuery<DownloadsManifest>(['downloads'], '/api/downloads', {
  staleTime: Number.POSITIVE_INFINITY,
});
