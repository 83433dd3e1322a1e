import type { SignalView } from './signals-api.ts';

/** Spec section 8: the explanations shown in an expanded Signal History row. */

export const freePlanQuotaText =
  'Free plan does not support signal transfer. Upgrade to Basic or Pro plan.';

export const quotaExceededText = (limit: number) =>
  `Daily signal quota (${limit}) exceeded. Signal was not transferred to terminal.`;

/** A titled box in the row's details (`neutral`: the terminal's own note). */
export type SignalNotice = {
  tone: 'warning' | 'danger' | 'info' | 'neutral';
  title: string;
  text: string;
};

/**
 * The notice box for a signal, if its status calls for one. `limit` is the plan's daily quota
 * (0 on the free plan, where every non-test signal is blocked).
 */
export function signalNotice(signal: SignalView, limit: number): SignalNotice | null {
  switch (signal.displayStatus) {
    case 'quota_blocked':
      return {
        tone: 'warning',
        title: 'Signal Blocked by Quota',
        text: limit === 0 ? freePlanQuotaText : quotaExceededText(limit),
      };
    case 'test_success':
      return {
        tone: 'info',
        title: 'Test Signal Processed',
        text: signal.deliveredAt
          ? 'Your EA received this test signal and logged it. No real trade was executed.'
          : 'No real trade was executed. No EA received this test signal: start your terminal with the EA to see it arrive.',
      };
    case 'error':
      if (signal.rule) {
        return {
          tone: 'warning',
          title: 'Stopped by Your Rules',
          text: "One of your account rules stopped this signal, so it was not executed; the rule and its numbers are below. Your rules are in the dashboard's Rules tab.",
        };
      }
      return signal.rawBody === null
        ? null
        : {
            tone: 'danger',
            title: 'Alert Refused',
            text: 'The server could not read this alert, so it was not sent to your EA and did not count against your quota. Fix the alert message in TradingView; what it sent is shown below.',
          };
    case 'failed':
      return signal.errorMessage
        ? null
        : {
            tone: 'danger',
            title: 'Signal Not Transferred',
            text: 'No EA received this signal in time. Check that MetaTrader is running with the SignalRelay EA attached, that it shows as connected above, and that the webhook URL is allowed in the terminal.',
          };
    default:
      return null;
  }
}
