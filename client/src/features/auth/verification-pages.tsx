import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { OutcomeCard } from '../../components/centred-card.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { messages } from './auth-messages.ts';
import { goToLogin } from './reset-password-page.tsx';

/** Where the e-mail verification link lands when it worked. */
export function VerificationSuccessfulPage() {
  useDocumentTitle('Verification Successful');
  return (
    <OutcomeCard title="Verification Successful" tone="success" actions={goToLogin}>
      Your e-mail address is confirmed. Sign in to open your dashboard and find your license number.
    </OutcomeCard>
  );
}

/** Where the verification link lands when it was unknown, used or expired. */
export function VerificationFailedPage() {
  useDocumentTitle('Verification Failed');
  return (
    <OutcomeCard
      title="Verification Failed"
      tone="error"
      actions={
        <>
          <Link to="/signup" className={buttonClasses('primary')}>
            Try Signup Again
          </Link>
          <Link to="/docs/contact-support" className={buttonClasses('outline')}>
            Contact Support
          </Link>
        </>
      }
    >
      {messages.verificationFailed}
    </OutcomeCard>
  );
}
