import { useEffect } from 'react';

/** Sets the tab title for the current page ("Pricing — SignalRelay"). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title
      ? `${title} — SignalRelay`
      : 'SignalRelay — TradingView alerts to MetaTrader';
  }, [title]);
}
