import { createFileRoute } from '@tanstack/react-router';
import { NotificationsDocsPage } from '../../features/docs/notifications-page.tsx';

export const Route = createFileRoute('/docs/notifications')({
  component: NotificationsDocsPage,
});
