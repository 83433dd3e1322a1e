import { createFileRoute } from '@tanstack/react-router';
import { RulesDocsPage } from '../../features/docs/rules-page.tsx';

export const Route = createFileRoute('/docs/rules')({
  component: RulesDocsPage,
});
