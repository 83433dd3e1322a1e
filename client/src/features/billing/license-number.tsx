import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { toast } from '../../components/toast.tsx';
import { NetworkError } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { recordLicenseCopied } from '../shared/setup-progress.ts';
import { billingApi } from './billing-api.ts';

/**
 * The license number with Copy and Regenerate. Regenerating asks first: the old number stops
 * working at once, in every EA and TradingView alert that uses it.
 */
export function LicenseNumber({ licenseNumber }: { licenseNumber: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function regenerate() {
    setBusy(true);
    try {
      const { licenseNumber: next } = await billingApi.regenerateLicense();
      useSession.getState().mergeUser({ licenseNumber: next });
      toast.success(
        'New license number created. Enter it in your EAs and TradingView alerts: the old one no longer works.',
      );
    } catch (err) {
      toast.error(
        err instanceof NetworkError
          ? 'Network error occurred while regenerating the license number. Please try again.'
          : 'Failed to regenerate the license number. Please try again.',
      );
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <code
        data-testid="license-number"
        className="rounded-md bg-surface-sunken px-2.5 py-1.5 font-mono text-sm break-all text-ink"
      >
        {licenseNumber}
      </code>
      <CopyButton text={licenseNumber} onCopied={() => void recordLicenseCopied()} />
      <Button variant="ghost" size="sm" loading={busy} onClick={() => setConfirming(true)}>
        Regenerate
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Regenerate license number"
        message="Create a new license number? The current one stops working immediately: every EA and TradingView alert that uses it must be updated."
        confirmLabel="Regenerate"
        tone="danger"
        loading={busy}
        onConfirm={() => void regenerate()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
