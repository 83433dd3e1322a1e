import { HrefLink } from '../../components/href-link.tsx';
import { cn } from '../../lib/cn.ts';

export type TestResult = { ok: boolean; message: string };

/** Spec section 2: SUCCESS or ERROR with its message, or an invitation to send one. */
export function SignalTestResult({ result }: { result: TestResult | null }) {
  if (!result) {
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">
        Send a test signal to see the result here
      </p>
    );
  }
  return (
    <div
      role={result.ok ? 'status' : 'alert'}
      className={cn(
        'rounded-lg border p-4 text-sm',
        result.ok ? 'border-green-200 bg-profit-soft' : 'border-red-200 bg-loss-soft',
      )}
    >
      <p className={cn('font-semibold', result.ok ? 'text-profit' : 'text-loss')}>
        {result.ok ? 'SUCCESS' : 'ERROR'}
      </p>
      <p className="mt-1 break-words text-ink">{result.message}</p>
      {result.ok && (
        <HrefLink
          href="/dashboard#signal-history"
          className="mt-2 inline-block font-medium text-brand-700 hover:underline"
        >
          See it in Signal History
        </HrefLink>
      )}
    </div>
  );
}
