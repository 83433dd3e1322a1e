import { Button } from '../../components/button.tsx';

export type Provider = 'google' | 'facebook';

const labels: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };

/** Provider marks drawn as simple monograms (no third-party artwork is bundled). */
function Mark({ provider }: { provider: Provider }) {
  return (
    <span
      aria-hidden="true"
      className={
        provider === 'google'
          ? 'inline-flex size-5 items-center justify-center rounded-full border border-line-strong bg-surface text-xs font-bold text-[#4285f4]'
          : 'inline-flex size-5 items-center justify-center rounded-full bg-[#1877f2] text-xs font-bold text-white'
      }
    >
      {provider === 'google' ? 'G' : 'f'}
    </span>
  );
}

/** One button per provider; pressing one leaves the product for the provider's sign-in. */
export function SocialButtons({
  verb,
  disabled,
  onChoose,
}: {
  verb: 'Sign in' | 'Sign up';
  disabled: boolean;
  onChoose: (provider: Provider) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['google', 'facebook'] as const).map((provider) => (
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
  );
}
