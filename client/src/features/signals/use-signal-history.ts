import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isEaConnected } from '../../components/trading/ea-connection.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { useListSearch } from '../../lib/use-list-search.ts';
import { pollEveryMs, setEaFromPoll, useLive, useLivePolling } from '../../stores/live-store.ts';
import { type CurrentUser, useSession } from '../../stores/session-store.ts';
import { defaultHistoryQuery, signalQueries } from './signals-api.ts';

/** Spec section 8: a refusal from the server, or no answer at all. */
const failedText = 'Failed to fetch signal history';
const errorText = 'Error fetching signal history';

/**
 * While the live channel is down, the EA's state comes from a session refresh every 10 s
 * (spec section 9); a refresh that finds the user signed out sends them to /login.
 */
function useSessionPoll() {
  const router = useRouter();
  const liveOpen = useLive((s) => s.status === 'open');
  useEffect(() => {
    if (liveOpen) return;
    const poll = async () => {
      const session = useSession.getState();
      let lastConnected = session.user?.lastConnected ?? null;
      try {
        const user = await api.get<CurrentUser>('/api/auth/getme', { timeoutMs: pollEveryMs });
        session.mergeUser(user);
        lastConnected = user.lastConnected;
      } catch (err) {
        // Signed out elsewhere: the guard, run again, takes the user to /login. A server out of
        // reach keeps the screen, and the EA shows as connected only while the rule still holds.
        if (err instanceof ApiError && err.status === 401) return void router.invalidate();
      }
      setEaFromPoll(lastConnected, isEaConnected(lastConnected, Date.now()));
    };
    void poll();
    const timer = setInterval(poll, pollEveryMs);
    return () => clearInterval(timer);
  }, [liveOpen, router]);
}

/**
 * Signal History's data: the page the URL's filters name, with summary and quota, for the
 * signed-in license. The live channel patches and refetches it (`stores/live-queries.ts`);
 * while the channel is down it is polled every 10 s, as is the session.
 */
export function useSignalHistory(licenseNumber: string) {
  const [query, update] = useListSearch('signals', defaultHistoryQuery);
  const history = useQuery({
    ...signalQueries.history(licenseNumber, query),
    placeholderData: keepPreviousData,
    refetchInterval: useLivePolling(),
  });
  useSessionPoll();
  const error = history.error && (history.error instanceof ApiError ? failedText : errorText);
  return { query, update, history, error };
}
