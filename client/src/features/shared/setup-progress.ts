import type { SetupProgress } from '@signalrelay/contracts/account';
import { api } from '../../lib/api-client.ts';
import { apiQuery, queryClient } from '../../lib/query.ts';

/**
 * The dashboard's setup progress (GET /api/account/setup), shared by the checklist and the
 * license Copy button that ticks its first step. The live channel refetches it when a step may
 * have been recorded (`stores/live-queries.ts`).
 */
export const setupQuery = apiQuery<SetupProgress>(['setup'], '/api/account/setup');

/**
 * Records that the license number was copied (the checklist's first step); the reply is the
 * new progress. A failure is not worth troubling the user with: the copy itself worked, and
 * the next press records it.
 */
export async function recordLicenseCopied(): Promise<void> {
  if (queryClient.getQueryData(setupQuery.queryKey)?.licenseCopied) return;
  try {
    const progress = await api.post<SetupProgress>('/api/account/license/copied');
    // An older load still under way must not overwrite this answer.
    await queryClient.cancelQueries({ queryKey: setupQuery.queryKey });
    queryClient.setQueryData(setupQuery.queryKey, progress);
  } catch {
    // Left unticked; see above.
  }
}
