import { createFileRoute } from '@tanstack/react-router';
import { DownloadPage } from '../../features/docs/download-page.tsx';
import { DownloadCards } from '../../features/downloads/download-cards.tsx';

export const Route = createFileRoute('/docs/download-ea')({
  component: DownloadEaRoute,
});

function DownloadEaRoute() {
  return <DownloadPage downloads={<DownloadCards />} />;
}
