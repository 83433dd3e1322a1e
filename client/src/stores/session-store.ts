import type {
  CurrentUser as ServerCurrentUser,
  sessionResponse,
} from '@signalrelay/contracts/auth';
import type { z } from 'zod';
import { create } from 'zustand';
import { api } from '../lib/api-client.ts';
import { forgetUserData } from '../lib/query.ts';

/**
 * The signed-in user as `GET /api/auth/getme` returns it (the server's contract), plus the
 * fields a later answer such as dashboard access merges in.
 */
export type CurrentUser = ServerCurrentUser & Record<string, unknown>;

export type SessionStatus = 'unknown' | 'checking' | 'signed-in' | 'signed-out';

type SessionState = {
  user: CurrentUser | null;
  status: SessionStatus;
  /**
   * Asks the server who is signed in (`/api/auth/session`, which answers a visitor with 200 and
   * no user, so a public page logs no error). Concurrent calls share one request. A time-out, a
   * network failure or any non-2xx answer counts as signed out (the spec's guard rule).
   */
  check: (options?: { timeoutMs?: number }) => Promise<CurrentUser | null>;
  /** Adds fields from another answer (e.g. dashboard access) to the current user. */
  mergeUser: (fields: Partial<CurrentUser>) => void;
  setUser: (user: CurrentUser | null) => void;
  /** Ends the session on the server (errors ignored) and forgets the user locally. */
  logout: () => Promise<void>;
};

let inFlight: Promise<CurrentUser | null> | null = null;

export const useSession = create<SessionState>((set, get) => ({
  user: null,
  status: 'unknown',

  check(options = {}) {
    if (inFlight) return inFlight;
    if (get().status === 'unknown') set({ status: 'checking' });
    inFlight = api
      .get<z.infer<typeof sessionResponse>>('/api/auth/session', { timeoutMs: options.timeoutMs })
      .then(
        ({ user }) => {
          set({ user, status: user ? 'signed-in' : 'signed-out' });
          return user;
        },
        (err: unknown) => {
          // A 5xx or a network blip is not proof of signing out, but the spec treats any failed
          // check as "not signed in"; the next check (focus, navigation) corrects it.
          console.warn('session check failed', err);
          set({ user: null, status: 'signed-out' });
          return null;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },

  mergeUser(fields) {
    const user = get().user;
    if (user) set({ user: { ...user, ...fields } });
  },

  setUser(user) {
    set({ user, status: user ? 'signed-in' : 'signed-out' });
  },

  async logout() {
    try {
      await api.post('/api/auth/logout');
    } catch {
      // The spec: errors are ignored; the local session ends either way.
    }
    set({ user: null, status: 'signed-out' });
  },
}));

/** Whose data the query cache holds. */
let cacheOwner: string | undefined;

// Server state belongs to one user: another account signing in (at /login, where no screen
// reads it) starts without the previous one's. Signing out keeps it until then, so the
// screens on their way out do not refetch as nobody.
useSession.subscribe(({ user }) => {
  if (!user || user.email === cacheOwner) return;
  if (cacheOwner !== undefined) forgetUserData();
  cacheOwner = user.email;
});
