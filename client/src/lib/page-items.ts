/** A page number, or a gap standing for the pages not shown. */
export type PageItem = number | 'gap';

/**
 * Which page buttons a pager shows: every page when there are at most `max`, otherwise `max`
 * buttons — the first, the last and those around the current page — with a gap wherever pages
 * are skipped (`1 … 4 5 6 … 20`).
 */
export function pageItems(current: number, totalPages: number, max = 5): PageItem[] {
  if (totalPages <= max) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), totalPages);
  const middle = max - 2;
  // The run of pages between the first and the last, kept clear of both ends.
  let start = page - Math.floor((middle - 1) / 2);
  start = Math.max(2, Math.min(start, totalPages - middle));
  let run = Array.from({ length: middle }, (_, i) => start + i);
  // Near an end a gap would hide a single page; show one more page there instead.
  if (start === 2) run = Array.from({ length: middle + 1 }, (_, i) => 1 + i);
  else if (start + middle - 1 === totalPages - 1) {
    run = Array.from({ length: middle + 1 }, (_, i) => totalPages - middle + i);
  }
  const items: PageItem[] = [];
  if (run[0] !== 1) items.push(1, 'gap');
  items.push(...run);
  if (run[run.length - 1] !== totalPages) items.push('gap', totalPages);
  return items;
}
