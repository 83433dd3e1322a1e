import type { OAuthProvider, providersResponse } from '@signalrelay/contracts/auth';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

// The server's keys do not change while a page is open: one request per visit.
let request: Promise<OAuthProvider[]> | null = null;

function loadProviders(): Promise<OAuthProvider[]> {
  request ??= api.get<z.infer<typeof providersResponse>>('/api/auth/providers').then(
    (body) => body.providers,
    () => {
      // Without an answer no social button is offered; the next page load asks again.
      request = null;
      return [];
    },
  );
  return request;
}

/**
 * The social sign-ins this server is configured for; null until the server answered, so a page
 * never shows a button that then disappears (or one that can only end in "not configured").
 */
export function useOAuthProviders(): OAuthProvider[] | null {
  const [providers, setProviders] = useState<OAuthProvider[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
