import { createFileRoute } from '@tanstack/react-router';
import { DocsLayout } from '../features/docs/docs-layout.tsx';

export const Route = createFileRoute('/docs')({
  component: DocsLayout,
});
