import type { BillingStatus } from '@signalrelay/contracts/billing';
import { useEffect, useState } from 'react';
import { billingApi } from './billing-api.ts';

let cached: Promise<BillingStatus> | null = null;

/**
 * Whether this server takes payments (GET /api/stripe-subscriptions/status), asked once per
 * page load: it only changes when the server is reconfigured and restarted. Null while loading;
 * `error` when the server could not say.
 */
export function useBillingStatus(): { status: BillingStatus | null; error: boolean } {
  const [status, setStatus] = useState<BillingStatus | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    cached ??= billingApi.status();
    cached.then(
      (s) => live && setStatus(s),
      () => {
        cached = null;
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { status, error };
}
