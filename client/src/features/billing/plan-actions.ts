import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { billingApi, goToStripe } from './billing-api.ts';

/** The spec's texts for the subscription controls on the dashboard (section 8). */
export const planMessages = {
  portalFailed: 'Failed to access subscription management. Please try again.',
  portalNetwork:
    'Network error occurred while accessing subscription management. Please try again.',
  reactivateConfirm: 'Reactivate your subscription? Auto-renewal will resume immediately.',
  reactivateFailed: 'Failed to reactivate subscription. Please try again.',
  reactivateNetwork: 'Network error occurred while reactivating subscription. Please try again.',
  reactivated: 'Subscription reactivated successfully! Auto-renewal has been restored.',
};

/** Opens the Stripe customer portal; resolves with an error text when it could not. */
export async function openPortal(): Promise<string | null> {
  try {
    const { url, message } = await billingApi.portal();
    if (url) {
      goToStripe(url);
      return null;
    }
    return message ?? planMessages.portalFailed;
  } catch (err) {
    if (err instanceof NetworkError) return planMessages.portalNetwork;
    // A 4xx says why (no billing account yet, billing off); anything else gets the spec's text.
    if (err instanceof ApiError && err.status < 500) return err.message;
    return planMessages.portalFailed;
  }
}

/**
 * Undoes the cancellation at period end and puts the server's new subscription fields into the
 * session; resolves with the text to show.
 */
export async function reactivateSubscription(): Promise<{ ok: boolean; message: string }> {
  try {
    const { message, user } = await billingApi.reactivate();
    useSession.getState().mergeUser(user);
    return { ok: true, message: message || planMessages.reactivated };
  } catch (err) {
    if (err instanceof NetworkError) return { ok: false, message: planMessages.reactivateNetwork };
    // 409: nothing to undo, or the subscription has ended; the server's text says which.
    if (err instanceof ApiError && err.status === 409) return { ok: false, message: err.message };
    return { ok: false, message: planMessages.reactivateFailed };
  }
}
