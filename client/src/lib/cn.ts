/** Joins class names, skipping falsy ones (conditional Tailwind classes read better this way). */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
