import { create } from 'zustand';
import { api } from '../lib/api-client.ts';

/**
 * The operator's contact details (support e-mail, postal address, phone), configured on the
 * server so a self-hosted deployment shows its own, never placeholders. Loaded once per visit.
 */
export type SiteInfo = {
  supportEmail: string;
  address: string | null;
  phone: string | null;
};

type SiteInfoState = {
  info: SiteInfo | null;
  load: () => void;
};

let requested = false;

export const useSiteInfo = create<SiteInfoState>((set) => ({
  info: null,
  load() {
    if (requested) return;
    requested = true;
    api.get<SiteInfo>('/api/contact/info').then(
      (info) => set({ info }),
      () => {
        // Shown without contact details; a later page load retries.
        requested = false;
      },
    );
  },
}));
