import { cn } from '../lib/cn.ts';
import { MailIcon, MapPinIcon, PhoneIcon } from './icons.tsx';

/** The operator's contact details, as the server gives them (a field it lacks is null). */
type ContactInfo = { supportEmail: string; phone: string | null; address: string | null };

/** On a page: brand icons, e-mail in brand colour; in the dark footer: small icons, light links. */
const looks = {
  page: {
    item: 'flex items-start gap-3',
    icon: 'size-5 shrink-0 text-brand-600',
    link: 'hover:underline',
    email: 'break-all text-brand-700',
  },
  footer: {
    item: 'flex gap-2',
    icon: 'mt-0.5 size-4 shrink-0',
    link: 'text-sm text-slate-300 hover:text-white',
    email: '',
  },
} as const;

/**
 * The contact details as list items (the caller's list holds them), leaving out what the operator
 * did not configure: e-mail, phone, address on a page; the reverse in the footer.
 */
export function ContactLines({
  info,
  look,
}: {
  info: ContactInfo | null;
  look: keyof typeof looks;
}) {
  if (!info) return null;
  const style = looks[look];
  const lines = [
    { key: 'email', Icon: MailIcon, text: info.supportEmail, href: `mailto:${info.supportEmail}` },
    info.phone && {
      key: 'phone',
      Icon: PhoneIcon,
      text: info.phone,
      href: `tel:${info.phone.replace(/[^+\d]/g, '')}`,
    },
    info.address && { key: 'address', Icon: MapPinIcon, text: info.address, href: undefined },
  ].filter((line) => !!line);
  if (look === 'footer') lines.reverse();
  return lines.map(({ key, Icon, text, href }) => (
    <li key={key} className={style.item}>
      <Icon className={style.icon} />
      {href ? (
        <a href={href} className={cn(style.link, key === 'email' && style.email)}>
          {text}
        </a>
      ) : (
        <span className="whitespace-pre-line">{text}</span>
      )}
    </li>
  ));
}
