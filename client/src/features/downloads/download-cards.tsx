import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { DownloadCard } from './download-card.tsx';
import { downloadsQuery } from './downloads-api.ts';
import { InstallGuide } from './install-guide.tsx';

/** The release box and the four EA cards, as the Downloads tab and /docs/download-ea show them. */
export function DownloadCards() {
  const { data: manifest, isError, isFetching, refetch } = useQuery(downloadsQuery);
  if (!manifest && isError && !isFetching) {
    return <ErrorState message="Could not load the downloads." onRetry={() => void refetch()} />;
  }
  if (!manifest) return <LoadingState label="Loading downloads..." />;
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
