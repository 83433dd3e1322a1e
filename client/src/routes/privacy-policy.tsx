import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/site/legal-page.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return <LegalPage file="/PrivacyPolicy.html" title="Privacy Policy" />;
}
