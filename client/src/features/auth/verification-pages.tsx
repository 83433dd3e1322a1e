import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/button.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { AuthCard } from './auth-card.tsx';
import { messages } from './auth-messages.ts';

/** Where the e-mail verification link lands when it worked. */
export function VerificationSuccessfulPage() {
  useDocumentTitle('Verification Successful');
  return (
    <AuthCard title="Verification Successful">
      <div className="flex items-start gap-3">
        <CheckIcon className="mt-0.5 size-5 shrink-0 text-profit" />
        <p className="text-sm text-ink-muted">
          Your e-mail address is confirmed. Sign in to open your dashboard and find your license
          number.
        </p>
      </div>
      <Link to="/login" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
        Go to Login
      </Link>
    </AuthCard>
  );
}

/** Where the verification link lands when it was unknown, used or expired. */
export function VerificationFailedPage() {
  useDocumentTitle('Verification Failed');
  return (
    <AuthCard title="Verification Failed">
      <div className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-loss" />
        <p className="text-sm text-ink-muted">{messages.verificationFailed}</p>
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Link to="/signup" className={buttonClasses('primary')}>
          Try Signup Again
        </Link>
        <Link to="/docs/contact-support" className={buttonClasses('outline')}>
          Contact Support
        </Link>
      </div>
    </AuthCard>
  );
}
