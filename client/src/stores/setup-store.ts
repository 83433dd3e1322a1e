import type { SetupProgress } from '@signalrelay/contracts/account';
import { create } from 'zustand';
import { api } from '../lib/api-client.ts';

type SetupState = {
  progress: SetupProgress | null;
  /** The last load failed: the checklist offers a retry. */
  failed: boolean;
};

/**
 * The dashboard's setup progress (GET /api/account/setup), shared by the checklist and the
 * license Copy button that ticks its first step.
 */
export const useSetup = create<SetupState>(() => ({ progress: null, failed: false }));

/** Counts loads so an older answer arriving late never overwrites a newer one. */
let latestLoad = 0;

export async function loadSetup(): Promise<void> {
  const load = ++latestLoad;
  try {
    const progress = await api.get<SetupProgress>('/api/account/setup');
    if (load === latestLoad) useSetup.setState({ progress, failed: false });
  } catch {
    if (load === latestLoad) useSetup.setState({ failed: true });
  }
}

/**
 * Records that the license number was copied (the checklist's first step). A failure is not
 * worth troubling the user with: the copy itself worked, and the next press records it.
 */
export async function recordLicenseCopied(): Promise<void> {
  if (useSetup.getState().progress?.licenseCopied) return;
  latestLoad++;
  try {
    const progress = await api.post<SetupProgress>('/api/account/license/copied');
    useSetup.setState({ progress, failed: false });
  } catch {
    // Left unticked; see above.
  }
}
