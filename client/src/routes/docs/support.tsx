import { createFileRoute } from '@tanstack/react-router';
import { ContactSection } from '../../features/contact/contact-section.tsx';
import { DocsPage } from '../../features/docs/docs-kit.tsx';

export const Route = createFileRoute('/docs/support')({
  component: SupportPage,
});

function SupportPage() {
  return (
    <DocsPage
      title="Contact Support"
      lead="Tell us what you are trying to do and what happens instead. We answer every message."
    >
      <ContactSection />
    </DocsPage>
  );
}
