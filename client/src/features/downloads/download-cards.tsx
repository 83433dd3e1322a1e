import { ErrorState, LoadingState } from '../../components/states.tsx';
import { DownloadCard } from './download-card.tsx';
import { useDownloads } from './use-downloads.ts';

/** The four EA cards, as the Downloads tab and /docs/download-ea show them. */
export function DownloadCards() {
  const state = useDownloads();
  if (state.status === 'loading') return <LoadingState label="Loading downloads..." />;
  if (state.status === 'error') {
    return <ErrorState message="Could not load the downloads." onRetry={state.retry} />;
  }
  return (
    <section aria-label="EA downloads" className="grid gap-4 sm:grid-cols-2">
      {state.manifest.downloads.map((entry) => (
        <DownloadCard key={entry.id} entry={entry} />
      ))}
    </section>
  );
}
