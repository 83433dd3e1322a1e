import { ContactLines } from '../../components/contact-lines.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { Logo } from '../../components/logo.tsx';
import { useSiteInfo } from '../shared/site-info.ts';

const linkClass = 'text-sm text-slate-300 hover:text-white';

const linkGroups = [
  {
    title: 'Product',
    links: [
      { to: '/docs', label: 'Documentation' },
      { to: '/signup', label: 'Start free trial' },
      { to: '/about', label: 'About us' },
      { to: '/docs/support', label: 'Contact support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/cookie-policy', label: 'Cookie Policy' },
    ],
  },
] as const;

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
        {linkGroups.map((group) => (
          <nav key={group.title} aria-label={group.title} className="space-y-3">
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <LinkList links={group.links} className="space-y-2" linkClassName={linkClass} />
          </nav>
        ))}
        <address className="space-y-3 not-italic">
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <ul className="space-y-2 text-sm">
            <ContactLines info={info} look="footer" />
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
