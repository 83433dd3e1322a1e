import { createFileRoute } from '@tanstack/react-router';
import { AlertSetupPage } from '../../features/docs/alert-setup-page.tsx';

export const Route = createFileRoute('/docs/tradingview-alert-setup')({
  component: AlertSetupPage,
});
