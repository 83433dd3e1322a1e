import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../../features/docs/faq-page.tsx';

export const Route = createFileRoute('/docs/faq')({
  component: FaqPage,
});
