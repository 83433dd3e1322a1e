import { createFileRoute } from '@tanstack/react-router';
import { RequirementsPage } from '../../features/docs/requirements-page.tsx';

export const Route = createFileRoute('/docs/requirements')({
  component: RequirementsPage,
});
