import { useEffect } from 'react';
import { useSession } from '../../stores/session-store.ts';

/** Focus events closer together than this cause one check (spec section 9: 1 s debounce). */
export const focusDebounceMs = 1000;

/**
 * Re-checks the session when the window regains focus (signed out in another tab, expired, a
 * plan changed), once the focus events have settled for a second. `onSignedOut` runs when the
 * check finds no session.
 */
export function useSessionRefreshOnFocus(onSignedOut: () => void) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocus = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void useSession
          .getState()
          .check()
          .then((user) => {
            if (!user) onSignedOut();
          });
      }, focusDebounceMs);
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      clearTimeout(timer);
    };
  }, [onSignedOut]);
}
