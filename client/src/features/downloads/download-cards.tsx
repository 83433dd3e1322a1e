import { ErrorState, LoadingState } from '../../components/states.tsx';
import { DownloadCard } from './download-card.tsx';
import { InstallGuide } from './install-guide.tsx';
import { useDownloads } from './use-downloads.ts';

/** The release box and the four EA cards, as the Downloads tab and /docs/download-ea show them. */
export function DownloadCards() {
  const state = useDownloads();
  if (state.status === 'loading') return <LoadingState label="Loading downloads..." />;
  if (state.status === 'error') {
    return <ErrorState message="Could not load the downloads." onRetry={state.retry} />;
  }
  const { manifest } = state;
  return (
    <div className="space-y-4">
      <InstallGuide manifest={manifest} />
      <section aria-label="EA downloads" className="grid gap-4 sm:grid-cols-2">
        {manifest.downloads.map((entry) => {
          const zip = manifest.packages.find((p) => p.platform === entry.platform);
          return (
            zip && (
              <DownloadCard key={entry.id} entry={entry} version={manifest.version} zip={zip} />
            )
          );
        })}
      </section>
    </div>
  );
}
