import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/query.ts';

/**
 * The operator's contact details (support e-mail, postal address, phone), configured on the
 * server so a self-hosted deployment shows its own, never placeholders.
 */
export type SiteInfo = {
  supportEmail: string;
  address: string | null;
  phone: string | null;
};

// Configured at start-up: asked once per visit. Without an answer the pages show no contact details.
const siteInfoQuery = apiQuery<SiteInfo>(['site', 'info'], '/api/contact/info', {
  staleTime: Number.POSITIVE_INFINITY,
});

/** The contact details, or null until (or unless) the server gave them. */
export function useSiteInfo(): SiteInfo | null {
  return useQuery(siteInfoQuery).data ?? null;
}
