import { Link } from '@tanstack/react-router';
import { Card } from '../../components/card.tsx';
import { ContactLines } from '../../components/contact-lines.tsx';
import { ClockIcon } from '../../components/icons.tsx';
import { LinkList } from '../../components/link-list.tsx';
import { useSiteInfo } from '../shared/site-info.ts';
import { ContactForm } from './contact-form.tsx';

const topics = [
  { to: '/docs/install-mt4-5', label: 'Installing the EA in MetaTrader 4 or 5' },
  { to: '/docs/installation-troubleshooting', label: 'EA not loading or not connecting' },
  { to: '/docs/basic-config', label: 'Writing the alert message' },
  { to: '/docs/tradingview-alert-setup', label: 'Creating the TradingView alert' },
  { to: '/docs/requirements', label: 'Computer and VPS requirements' },
  { to: '/docs/faq', label: 'Plans, quotas and other questions' },
] as const;

/** The support page's body: the form, the operator's contact details and common topics. */
export function ContactSection() {
  const info = useSiteInfo();

  return (
    <>
      <div className="not-prose grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card className="p-6">
          <h2 className="text-lg font-semibold text-ink">Send us a message</h2>
          <p className="mt-1 mb-6 text-sm text-ink-muted">All fields are required.</p>
          <ContactForm supportEmail={info?.supportEmail ?? null} />
        </Card>
        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="font-semibold text-ink">Contact information</h2>
            <ul className="mt-4 space-y-3 text-sm text-ink-muted">
              <ContactLines info={info} look="page" />
              <li className="flex gap-3">
                <ClockIcon className="size-5 shrink-0 text-brand-600" />
                <span>We reply within 24 hours.</span>
              </li>
            </ul>
          </Card>
          <Card className="p-5">
            <h2 className="font-semibold text-ink">Common topics</h2>
            <LinkList
              links={topics}
              className="mt-3 space-y-2 text-sm"
              linkClassName="text-brand-700 hover:underline"
            />
          </Card>
        </div>
      </div>
      <p className="mt-8">
        Many questions are answered in the <Link to="/docs">documentation</Link>, starting with the{' '}
        <Link to="/docs/quick-start">Quick Start</Link> and the <Link to="/docs/faq">FAQ</Link>.
      </p>
    </>
  );
}
