import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';

/** Filters, sort and paging of a server-paged list: strings and numbers, `page` among them. */
export type ListQuery = Record<string, string | number> & { page: number };

type Unwrapped<F> = F extends z.ZodDefault<infer Inner> ? Inner : F;

/**
 * The URL form of a list's query, from the contract's query schema (`query`, the license left
 * out): every field optional, without the API's defaults (the screen has its own), and a value
 * a hand-edited link got wrong falls back to the default instead of failing the page. Routes
 * put the result in `validateSearch`.
 */
export function listSearchSchema<S extends z.ZodRawShape>(query: z.ZodObject<S>) {
  const fields = Object.entries(query.shape).map(([name, field]) => {
    const bare = field instanceof z.ZodDefault ? field.unwrap() : field;
    return [name, (bare as z.ZodType).optional().catch(undefined)];
  });
  return z
    .object(
      Object.fromEntries(fields) as { [K in keyof S]: z.ZodCatch<z.ZodOptional<Unwrapped<S[K]>>> },
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
    void navigate({
      to: '.',
      // From the URL as it is now, not as this render saw it: two quick changes both count.
      search: (previous: Record<string, unknown>) => {
        const current = previous[key] as Partial<Q> | undefined;
        const next: Partial<Q> = { ...defaults, ...current, ...change, page: change.page ?? 1 };
        for (const name of Object.keys(next)) if (next[name] === defaults[name]) delete next[name];
        return { ...previous, [key]: Object.keys(next).length > 0 ? next : undefined };
      },
      hash: true,
      replace: options.replace,
    });
  }
  return [query, update] as const;
}
