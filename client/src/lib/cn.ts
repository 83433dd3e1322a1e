import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones (conditional Tailwind classes read better this way);
 * where two Tailwind classes set the same property the later one wins, so a caller's
 * `className` overrides a component's default instead of racing it in the stylesheet.
 */
export function cn(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
