import type { OAuthProvider, providersResponse } from '@signalrelay/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiQuery } from '../../lib/query.ts';

// The server's keys do not change while a page is open: one request per visit.
const providersQuery = apiQuery<z.infer<typeof providersResponse>>(
  ['auth', 'providers'],
  '/api/auth/providers',
  { staleTime: Number.POSITIVE_INFINITY },
);

/**
 * The social sign-ins this server is configured for; null until the server answered, so a page
 * never shows a button that then disappears (or one that can only end in "not configured").
 * Without an answer no social button is offered.
 */
export function useOAuthProviders(): OAuthProvider[] | null {
  const { data, isError } = useQuery(providersQuery);
  return data?.providers ?? (isError ? [] : null);
}
