import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; title: string; html: string }
  | { kind: 'error' };

/**
 * Shows one of the static legal documents in client/public. They are full HTML files (readable on
 * their own); only the body is rendered here, inside the site's layout.
 */
export function LegalPage({ file, title }: { file: string; title: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetch(file, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${file}: ${response.status}`);
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        // Our own same-origin document; scripts are not part of it and DOMParser never runs them.
        setState({ kind: 'ready', title: doc.title || title, html: doc.body.innerHTML });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'error' });
      });
    return () => controller.abort();
  }, [file, title]);

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
      {state.kind === 'loading' && <LoadingState label={`Loading ${title}...`} />}
      {state.kind === 'error' && (
        <ErrorState message={`The ${title} could not be loaded. Please refresh the page.`} />
      )}
      {state.kind === 'ready' && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: delegates clicks of the links inside, which are keyboard-operable themselves
        <article
          onClick={onClick}
          className="prose-doc"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static document from /public
          dangerouslySetInnerHTML={{ __html: state.html }}
        />
      )}
    </div>
  );
}
