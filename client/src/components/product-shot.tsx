import orderHistory from '../assets/product-screens/order-history.webp';
import signalHistory from '../assets/product-screens/signal-history.webp';
import signalTest from '../assets/product-screens/signal-test.webp';

/**
 * Screenshots of the real dashboard, taken by `npm run screenshots -w client`
 * (client/scripts/product-screenshots.ts) from the running app with the reference EA's signals
 * and orders. Imported, so a rebuilt picture gets a new hashed URL past the year-long cache.
 */
export const productScreens = {
  'signal-history': {
    src: signalHistory,
    alt: 'Signal History: each alert with its status, and one opened to show the terminal’s answer and the time of each hop',
    caption: 'Signal History: what happened to every alert, hop by hop.',
  },
  'signal-test': {
    src: signalTest,
    alt: 'Signal Test tab: a test signal delivered to the EA, with the alert JSON to paste into TradingView',
    caption: 'Signal Test: check the EA is connected, then copy the alert message.',
  },
  'order-history': {
    src: orderHistory,
    alt: 'Order History: trades reported by the OrderTracker EA with win rate, net profit, equity curve and daily P/L',
    caption: 'Order History: the trades on your account, with their results.',
  },
} as const;

export type ProductScreen = keyof typeof productScreens;

/** One screenshot in a browser-like frame; `eager` for the one a visitor sees first. */
export function ProductShot({
  screen,
  eager = false,
  caption = false,
}: {
  screen: ProductScreen;
  eager?: boolean;
  caption?: boolean;
}) {
  const shot = productScreens[screen];
  return (
    <figure className="min-w-0">
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-lg">
        <div className="flex h-6 items-center gap-1.5 border-b border-line bg-surface-sunken px-3">
          <span className="size-2 rounded-full bg-line-strong" />
          <span className="size-2 rounded-full bg-line-strong" />
          <span className="size-2 rounded-full bg-line-strong" />
        </div>
        <img
          src={shot.src}
          alt={shot.alt}
          width={1280}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          className="block h-auto w-full"
        />
      </div>
      {caption && <figcaption className="mt-3 text-sm text-ink-muted">{shot.caption}</figcaption>}
    </figure>
  );
}
