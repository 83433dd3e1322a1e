import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isEaConnected } from '../../components/trading/ea-connection.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { setEaFromPoll, useLive, useLiveEvents } from '../../stores/live-store.ts';
import { type CurrentUser, useSession } from '../../stores/session-store.ts';
import { type HistoryPage, type HistoryQuery, type Quota, signalsApi } from './signals-api.ts';

export const defaultHistoryQuery: HistoryQuery = {
  period: 'all',
  status: 'all',
  platform: 'all',
  sort: 'desc',
  page: 1,
  pageSize: 20,
};

/** Spec section 9: the session refresh and history refetch while the live channel is down. */
export const pollEveryMs = 10_000;
/** Bursts of live signal events cost one refetch. */
const refetchAfterEventMs = 300;

/** Spec section 8: a refusal from the server, or no answer at all. */
const failedText = 'Failed to fetch signal history';
const errorText = 'Error fetching signal history';

/**
 * Signal History's data: the filtered page, summary and quota for the signed-in license, kept
 * current by live events (a changed signal is patched at once, then the page is refetched so
 * filters, order and counts stay right), and by polling every 10 s while the socket is down.
 */
export function useSignalHistory(licenseNumber: string | null | undefined) {
  const [query, setQuery] = useState<HistoryQuery>(defaultHistoryQuery);
  const [data, setData] = useState<HistoryPage | null>(null);
  const [quota, setQuota] = useState<Quota | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const request = useRef<AbortController | null>(null);
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = useCallback(async () => {
    if (!licenseNumber) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const page = await signalsApi.history(licenseNumber, query, controller.signal);
      if (controller.signal.aborted) return;
      setData(page);
      setQuota(page.quota);
      setError(null);
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(err instanceof ApiError ? failedText : errorText);
    } finally {
      if (request.current === controller) {
        request.current = null;
        setLoading(false);
      }
    }
  }, [licenseNumber, query]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(
    () => () => {
      request.current?.abort();
      clearTimeout(refetchTimer.current);
    },
    [],
  );

  const refetchSoon = useCallback(() => {
    clearTimeout(refetchTimer.current);
    refetchTimer.current = setTimeout(() => void load(), refetchAfterEventMs);
  }, [load]);

  useLiveEvents((message) => {
    if (message.type === 'resync') return void load();
    if (message.type !== 'signal') return;
    const changed = message.signal;
    setData((current) =>
      current?.signals.some((s) => s.id === changed.id)
        ? { ...current, signals: current.signals.map((s) => (s.id === changed.id ? changed : s)) }
        : current,
    );
    refetchSoon();
  });

  const liveQuota = useLive((s) => s.quota);
  useEffect(() => {
    if (liveQuota) setQuota(liveQuota);
  }, [liveQuota]);

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
    const timer = setInterval(() => {
      void poll();
      void load();
    }, pollEveryMs);
    return () => clearInterval(timer);
  }, [liveOpen, load, router]);

  /** Changes filters or sort (back to page 1) or the page size; `page` alone keeps the rest. */
  const update = useCallback((change: Partial<HistoryQuery>) => {
    setQuery((q) => ({ ...q, ...change, page: change.page ?? 1 }));
  }, []);

  return { query, update, data, quota, error, loading, reload: load };
}

export type SignalHistoryState = ReturnType<typeof useSignalHistory>;
