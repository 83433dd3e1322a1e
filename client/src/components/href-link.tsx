import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

type HrefLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * An in-app link given as a plain path (`/payment?plan=pro`), navigated by the router without a
 * page load. For links whose target route lives in another feature's files (login, signup,
 * dashboard, payment), so this file does not depend on their route types.
 */
export function HrefLink({ href, onClick, target, ...rest }: HrefLinkProps) {
  const router = useRouter();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || modified || event.button !== 0 || target) return;
    event.preventDefault();
    void router.navigate({ href });
  }
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}
