import type { DownloadsManifest } from '@signalrelay/contracts/downloads';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';

let cached: Promise<DownloadsManifest> | null = null;

export type DownloadsState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; manifest: DownloadsManifest };

/**
 * The EA downloads (GET /api/downloads), asked once per page load and shared by the Downloads
 * tab and /docs/download-ea: the server builds the list at start-up, so it only changes when it
 * restarts with a new release.
 */
export function useDownloads(): DownloadsState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DownloadsState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    cached ??= api.get<DownloadsManifest>('/api/downloads');
    cached.then(
      (manifest) => live && setState({ status: 'ready', manifest }),
      () => {
        cached = null;
        if (live) setState({ status: 'error', retry });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, retry]);

  return state;
}
