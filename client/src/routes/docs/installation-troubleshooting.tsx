import { createFileRoute } from '@tanstack/react-router';
import { TroubleshootingPage } from '../../features/docs/troubleshooting-page.tsx';

export const Route = createFileRoute('/docs/installation-troubleshooting')({
  component: TroubleshootingPage,
});
