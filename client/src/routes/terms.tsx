import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/site/legal-page.tsx';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  return <LegalPage file="/Terms.html" title="Terms of Service" />;
}
