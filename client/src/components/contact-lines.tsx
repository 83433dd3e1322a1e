import type { ComponentType } from 'react';
import { MailIcon, MapPinIcon, PhoneIcon } from './icons.tsx';

/** The operator's contact details, as the server gives them (a field it lacks is null). */
type ContactInfo = { supportEmail: string; phone: string | null; address: string | null };

export type ContactLine = {
  key: 'email' | 'phone' | 'address';
  icon: ComponentType<{ className?: string }>;
  text: string;
  /** mailto: or tel: for the lines that can be followed; the address has none. */
  href?: string;
};

/**
 * The contact details as lines to list, e-mail first (or address first for the footer), leaving
 * out what the operator did not configure. Each page styles the lines its own way.
 */
export function contactLines(
  info: ContactInfo | null,
  order: 'email-first' | 'address-first' = 'email-first',
): ContactLine[] {
  if (!info) return [];
  const lines: (ContactLine | false)[] = [
    { key: 'email', icon: MailIcon, text: info.supportEmail, href: `mailto:${info.supportEmail}` },
    !!info.phone && {
      key: 'phone',
      icon: PhoneIcon,
      text: info.phone,
      href: `tel:${info.phone.replace(/[^+\d]/g, '')}`,
    },
    !!info.address && { key: 'address', icon: MapPinIcon, text: info.address },
  ];
  const present = lines.filter((line): line is ContactLine => line !== false);
  return order === 'email-first' ? present : present.reverse();
}
