import type { OAuthProvider } from '@signalrelay/contracts/auth';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { providerStartUrl } from './auth-api.ts';
import { messages } from './auth-messages.ts';
import { useOAuthProviders } from './use-oauth-providers.ts';

/**
 * Signing in with a provider: `start` leaves for its page (carrying `redirect`); `leaving` holds
 * the page's controls disabled meanwhile; `onFailed` gets the spec's text if the browser will
 * not go.
 */
export function useProviderSignIn(onFailed: (message: string) => void, redirect?: string) {
  const [leaving, setLeaving] = useState(false);
  function start(provider: OAuthProvider) {
    setLeaving(true);
    try {
      window.location.assign(providerStartUrl(provider, redirect));
    } catch {
      onFailed(messages.socialStartFailed[provider]);
      setLeaving(false);
    }
  }
  return { leaving, start };
}

const labels: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * Provider marks drawn as simple monograms (no third-party artwork is bundled). `shrink-0`: in
 * a flex button a long label would otherwise squeeze the round mark into an oval.
 */
function Mark({ provider }: { provider: OAuthProvider }) {
  return (
    <span
      aria-hidden="true"
      className={
        provider === 'google'
          ? 'inline-flex size-5 shrink-0 items-center justify-center rounded-full border border-line-strong bg-surface text-xs font-bold text-[#4285f4]'
          : 'inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-[#1877f2] text-xs font-bold text-white'
      }
    >
      {provider === 'google' ? 'G' : 'f'}
    </span>
  );
}

/**
 * "or" and one full-width button per provider the server is configured for (none at all when
 * it has no keys); pressing one leaves the product for the provider's sign-in.
 */
export function SocialButtons({
  verb,
  disabled,
  onChoose,
}: {
  verb: 'Sign in' | 'Sign up';
  disabled: boolean;
  onChoose: (provider: OAuthProvider) => void;
}) {
  const providers = useOAuthProviders();
  if (!providers?.length) return null;
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs text-ink-subtle uppercase">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <div className="grid gap-3">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="outline"
            disabled={disabled}
            onClick={() => onChoose(provider)}
          >
            <Mark provider={provider} />
            {verb} with {labels[provider]}
          </Button>
        ))}
      </div>
    </>
  );
}
