import { useState } from 'react';
import { Button, buttonSizes, buttonVariants } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { ArrowRightIcon, DownloadIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** Internal style test: every button variant in every size and state. */
export function ButtonTestPage() {
  useDocumentTitle('Button test');
  const [loading, setLoading] = useState(false);
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-12 px-4 py-12 sm:px-6">
      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Internal style test
        </p>
        <h1 className="mt-2 text-3xl font-semibold text-ink">Buttons</h1>
        <p className="mt-2 text-ink-muted">
          Every variant of the design system's button, in each size and state.
        </p>
      </header>

      {buttonVariants.map((variant) => (
        <section key={variant} aria-labelledby={`variant-${variant}`} className="space-y-4">
          <h2 id={`variant-${variant}`} className="text-lg font-semibold text-ink capitalize">
            {variant}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {buttonSizes.map((size) => (
              <Button key={size} variant={variant} size={size}>
                {variant} {size}
              </Button>
            ))}
            <Button variant={variant} disabled>
              Disabled
            </Button>
            <Button variant={variant} loading loadingText="Loading...">
              Loading
            </Button>
            <Button variant={variant}>
              <DownloadIcon className="size-4" /> With icon
            </Button>
          </div>
        </section>
      ))}

      <section aria-labelledby="behaviour" className="space-y-4">
        <h2 id="behaviour" className="text-lg font-semibold text-ink">
          Behaviour
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            loading={loading}
            loadingText="Processing..."
            onClick={() => {
              setLoading(true);
              setTimeout(() => setLoading(false), 1500);
            }}
          >
            Click to load <ArrowRightIcon className="size-4" />
          </Button>
          <CopyButton text="SignalRelay button test" label="Copy text" />
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete something
          </Button>
          <Button variant="secondary" onClick={() => toast.success('Saved successfully.')}>
            Show a toast
          </Button>
        </div>
      </section>

      <ConfirmDialog
        open={confirming}
        title="Delete something?"
        message="This is the confirmation dialog used before actions that cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          toast.info('Deleted (not really: this is the style test).');
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
