import { createFileRoute } from '@tanstack/react-router';
import { QuickStartPage } from '../../features/docs/quick-start-page.tsx';

export const Route = createFileRoute('/docs/quick-start')({
  component: QuickStartPage,
});
