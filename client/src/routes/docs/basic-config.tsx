import { createFileRoute } from '@tanstack/react-router';
import { BasicConfigPage } from '../../features/docs/basic-config-page.tsx';

export const Route = createFileRoute('/docs/basic-config')({
  component: BasicConfigPage,
});
