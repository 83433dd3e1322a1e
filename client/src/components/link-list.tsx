import { Link, type LinkProps } from '@tanstack/react-router';

export type ListLink = { to: LinkProps['to']; label: string };

/**
 * Links to pages of the site as a list: the footer's groups, the support page's topics and the
 * docs sidebar. `linkProps` (the docs' active-page look, a menu's close) goes to every link.
 */
export function LinkList({
  links,
  className,
  linkClassName,
  linkProps,
}: {
  links: readonly ListLink[];
  className?: string;
  linkClassName: string;
  linkProps?: Omit<LinkProps, 'to'> & { onClick?: () => void };
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link {...linkProps} to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
