import { createFileRoute } from '@tanstack/react-router';
import { InstallPage } from '../../features/docs/install-page.tsx';

export const Route = createFileRoute('/docs/install-mt4-5')({
  component: InstallPage,
});
