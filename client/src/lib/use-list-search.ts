import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';

/** Filters, sort and paging of a server-paged list: strings and numbers, `page` among them. */
export type ListQuery = Record<string, string | number> & { page: number };

/**
 * The URL form of a list's query: every field optional, and a value a hand-edited link got
 * wrong falls back to the default instead of failing the page. `shape` is the list's contract
 * (its query schema's fields); routes put the result in `validateSearch`.
 */
export function listSearchSchema<S extends Record<string, z.ZodType>>(shape: S) {
  return z
    .object(
      Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [name, field.optional().catch(undefined)]),
      ) as { [K in keyof S]: z.ZodCatch<z.ZodOptional<S[K]>> },
    )
    .optional()
    .catch(undefined);
}

/**
 * A list's query kept in the URL's search under `key`, so a filtered, sorted page is a link
 * and back/forward walk through the choices. Only values that differ from `defaults` are
 * written; a change of filter or sort goes back to page 1 (the `page` of a change keeps the rest).
 * `replace` rewrites the current entry (a correction, such as a page past the end).
 */
export function useListSearch<Q extends ListQuery>(key: string, defaults: Q) {
  const everySearch = useSearch({ strict: false });
  const search = everySearch as Record<string, Partial<Q> | undefined>;
  const navigate = useNavigate();
  const query: Q = { ...defaults, ...search[key] };

  function update(change: Partial<Q>, options: { replace?: boolean } = {}) {
    const next: Partial<Q> = { ...query, ...change, page: change.page ?? 1 };
    for (const name of Object.keys(next)) if (next[name] === defaults[name]) delete next[name];
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({
        ...previous,
        [key]: Object.keys(next).length > 0 ? next : undefined,
      }),
      hash: true,
      replace: options.replace,
    });
  }
  return [query, update] as const;
}
