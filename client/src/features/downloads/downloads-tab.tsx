import { Link } from '@tanstack/react-router';
import { DownloadCards } from './download-cards.tsx';

/** The dashboard's Downloads tab (spec section 2). */
export function DownloadsTab() {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Downloads</h2>
        <p className="mt-1 text-sm text-ink-muted">
          SignalRelay executes your alerts; OrderTracker reports your orders to the Order History
          tab. Download the zip for your platform and install it in the three steps below; the{' '}
          <Link to="/docs/install-mt4-5" className="font-medium text-brand-700 underline">
            installation guide
          </Link>{' '}
          shows each step in detail.
        </p>
      </div>
      <DownloadCards />
    </div>
  );
}
