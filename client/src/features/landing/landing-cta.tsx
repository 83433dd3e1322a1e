import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { MailIcon } from '../../components/icons.tsx';

const shareText = 'SignalRelay: TradingView alerts executed in MetaTrader 4 and 5';

/** Share links: each network's own share URL with this site's address. */
function shareLinks(url: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(shareText);
  return [
    { label: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${t}` },
    { label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
  ];
}

export function LandingCta() {
  const url = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section className="bg-night">
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">
          Let your alerts trade while you watch the chart
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-slate-300">
          Install the EA, paste one URL into TradingView and send a test signal. If it is not for
          you, cancel before the trial ends.
        </p>
        <Link to="/signup" className={buttonClasses('primary', 'lg', 'mt-8')}>
          Try 14 Days Free Trial
        </Link>
        <div className="mt-12 w-full border-t border-white/10 pt-8">
          <p className="text-sm text-slate-400">Share SignalRelay</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {shareLinks(url).map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex rounded-full border border-white/15 px-4 py-1.5 text-sm text-slate-200 hover:bg-white/10"
                >
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
            <li>
              <a
                href={`mailto:?subject=${encodeURIComponent(shareText)}&body=${encodeURIComponent(url)}`}
                className="inline-flex items-center gap-1.5 rounded-full border border-white/15 px-4 py-1.5 text-sm text-slate-200 hover:bg-white/10"
              >
                <MailIcon className="size-4" /> E-mail
              </a>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
