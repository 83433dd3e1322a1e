import { createFileRoute } from '@tanstack/react-router';
import { ButtonTestPage } from '../features/site/button-test-page.tsx';

export const Route = createFileRoute('/button-test')({
  component: ButtonTestPage,
});
