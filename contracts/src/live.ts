import type { QuotaView, SignalView } from './signals.ts';

/**
 * Events of the browser's live channel (`/api/live`) for a signed-in user's dashboard. Lossy by
 * design: the dashboard refetches over REST when its socket reconnects.
 */
export type LiveEvent =
  | { type: 'signal'; signal: SignalView }
  | { type: 'ea'; connected: boolean; lastConnected: number | null }
  | ({ type: 'quota' } & QuotaView)
  | { type: 'orders'; changed: number }
  /** A terminal's health or refusals changed: the dashboard reloads its terminal list. */
  | { type: 'terminals' }
  /** A setup step was recorded on another device (the license copied): reload the checklist. */
  | { type: 'setup' };
