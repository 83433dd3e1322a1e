import { Link } from '@tanstack/react-router';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { useSiteInfo } from '../shared/site-info.ts';

const linkClass = 'text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  const info = useSiteInfo();

  return (
    <footer className="bg-night text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <Logo inverted />
          <p className="text-sm leading-6 text-slate-400">
            Relays your TradingView alerts to MetaTrader 4 and 5 through our Expert Advisor, and
            shows what happened to every signal and order.
          </p>
        </div>
        <nav aria-label="Product" className="space-y-3">
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/docs" className={linkClass}>
                Documentation
              </Link>
            </li>
            <li>
              <Link to="/signup" className={linkClass} activeProps={{}}>
                Start free trial
              </Link>
            </li>
            <li>
              <Link to="/about" className={linkClass}>
                About us
              </Link>
            </li>
            <li>
              <Link to="/docs/support" className={linkClass}>
                Contact support
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="space-y-3">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/cookie-policy" className={linkClass}>
                Cookie Policy
              </Link>
            </li>
          </ul>
        </nav>
        <address className="space-y-3 not-italic">
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <ul className="space-y-2 text-sm">
            {info?.address && (
              <li className="flex gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0" />
                <span className="whitespace-pre-line">{info.address}</span>
              </li>
            )}
            {info?.phone && (
              <li className="flex gap-2">
                <PhoneIcon className="mt-0.5 size-4 shrink-0" />
                <a href={`tel:${info.phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                  {info.phone}
                </a>
              </li>
            )}
            {info && (
              <li className="flex gap-2">
                <MailIcon className="mt-0.5 size-4 shrink-0" />
                <a href={`mailto:${info.supportEmail}`} className={linkClass}>
                  {info.supportEmail}
                </a>
              </li>
            )}
          </ul>
        </address>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-xs leading-5 text-slate-400 sm:px-6 lg:px-8">
          <p>
            SignalRelay is an independent service. It is not affiliated with, endorsed by or
            sponsored by TradingView, MetaQuotes (MetaTrader 4 and MetaTrader 5) or any broker.
            TradingView and MetaTrader are trademarks of their respective owners.
          </p>
          <p>
            Trading foreign exchange, CFDs and other leveraged products carries a high level of risk
            and may not be suitable for every investor; you can lose more than your deposit.
            Automated execution does not remove that risk. Nothing on this site is investment
            advice. Past results do not guarantee future results.
          </p>
          <p>© {new Date().getFullYear()} SignalRelay</p>
        </div>
      </div>
    </footer>
  );
}
