import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/site/about-page.tsx';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});
