import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** The body of a same-origin HTML document. */
async function documentBody(file: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(file, { signal });
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  // Our own same-origin document; scripts are not part of it and DOMParser never runs them.
  return new DOMParser().parseFromString(await response.text(), 'text/html').body.innerHTML;
}

/**
 * Shows one of the static legal documents in client/public. They are full HTML files (readable on
 * their own); only the body is rendered here, inside the site's layout.
 */
export function LegalPage({ file, title }: { file: string; title: string }) {
  const legal = useQuery({
    queryKey: ['site', 'legal', file],
    queryFn: ({ signal }) => documentBody(file, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useDocumentTitle(title);
  const router = useRouter();

  /** Links inside the document to this site navigate in the app instead of reloading it. */
  function onClick(event: MouseEvent<HTMLElement>) {
    const link = (event.target as HTMLElement).closest('a');
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (!link || modified || event.button !== 0 || link.target) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void router.navigate({ href: url.pathname + url.search + url.hash });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      {legal.isPending && <LoadingState label={`Loading ${title}...`} />}
      {legal.isError && (
        <ErrorState message={`The ${title} could not be loaded. Please refresh the page.`} />
      )}
      {legal.isSuccess && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: delegates clicks of the links inside, which are keyboard-operable themselves
        <article
          onClick={onClick}
          className="prose-doc"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static document from /public
          dangerouslySetInnerHTML={{ __html: legal.data }}
        />
      )}
    </div>
  );
}
