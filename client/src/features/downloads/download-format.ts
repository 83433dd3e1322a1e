import type { DownloadEntry } from '@signalrelay/contracts/downloads';

export const platformNames: Record<DownloadEntry['platform'], string> = {
  mt5: 'MetaTrader 5',
  mt4: 'MetaTrader 4',
};

/** A download's size as a trader reads it (at least 1 KB). */
export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
