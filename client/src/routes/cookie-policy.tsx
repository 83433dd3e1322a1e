import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/site/legal-page.tsx';

export const Route = createFileRoute('/cookie-policy')({
  component: CookiePolicyPage,
});

function CookiePolicyPage() {
  return <LegalPage file="/CookiePolicy.html" title="Cookie Policy" />;
}
