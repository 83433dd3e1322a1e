import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { Textarea } from '../../components/form-field.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { type AlertCheck, checkAlertMessage, strategyAlertText } from './alert-builder.ts';
import type { TestForm } from './signal-test-form.ts';

/** What the server would make of the message, field by field, updated as the user types. */
function CheckPanel({ id, check }: { id: string; check: AlertCheck }) {
  const accepted = check.problems.length === 0;
  return (
    <div id={id} aria-live="polite" className="space-y-2 text-sm">
      {accepted ? (
        <p className="flex gap-2 rounded-lg border border-green-200 bg-profit-soft p-3 text-profit">
          <CheckIcon className="mt-0.5 size-4 shrink-0" />
          <span>The server accepts this message.</span>
        </p>
      ) : (
        <div className="rounded-lg border border-red-200 bg-loss-soft p-3 text-loss">
          <p className="flex gap-2 font-medium">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            The server would refuse this alert:
          </p>
          <ul className="mt-1.5 list-disc space-y-1 pl-6 break-words">
            {check.problems.map((problem) => (
              <li key={`${problem.field}:${problem.message}`}>
                {problem.field && <code className="font-mono font-semibold">{problem.field}</code>}{' '}
                {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {check.ignored.length > 0 && (
        <p className="rounded-lg border border-amber-200 bg-warn-soft p-3 break-words text-warn">
          Not a field SignalRelay reads, so it is ignored:{' '}
          {check.ignored.map((field, index) => (
            <span key={field}>
              {index > 0 && ', '}
              <code className="font-mono font-semibold">{field}</code>
            </span>
          ))}
          . Check its spelling.
        </p>
      )}
      {check.examples.length > 0 && (
        <p className="text-xs break-words text-ink-subtle">
          Checked with example values:{' '}
          {check.examples
            .map(({ placeholder, value }) => `${placeholder} = ${value === '' ? '(empty)' : value}`)
            .join(', ')}
          .
        </p>
      )}
    </div>
  );
}

/**
 * The strategy alert: one message for every order of a TradingView strategy, editable (or
 * replaced by a pasted alert) and checked live with the server's own schema.
 */
export function StrategyAlertEditor({
  form,
  licenseNumber,
}: {
  form: TestForm;
  licenseNumber: string | null | undefined;
}) {
  const [reverse, setReverse] = useState(false);
  const generated = strategyAlertText(form, licenseNumber, { reverse });
  // null: follow the form; the user's own text once they edit it.
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? generated;
  const check = useMemo(() => checkAlertMessage(text, licenseNumber), [text, licenseNumber]);
  const id = useId();

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-muted">
        TradingView fills in the <code className="font-mono text-xs">{'{{…}}'}</code> placeholders
        when an order fills: the symbol, buy or sell, and the size. Create the alert on the strategy
        (condition: your strategy, "Order fills only").
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-ink">
          Strategy alert message (JSON)
        </label>
        <div className="flex flex-wrap gap-2">
          {edited !== null && (
            <Button variant="ghost" size="sm" onClick={() => setEdited(null)}>
              Reset
            </Button>
          )}
          <CopyButton text={text} label="Copy JSON" />
        </div>
      </div>
      <label className="flex items-start gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={reverse}
          // The option rewrites the generated message; an edited one is the user's own.
          disabled={edited !== null}
          onChange={(event) => setReverse(event.target.checked)}
        />
        <span>
          Reverse: close the opposite position first
          {edited !== null && (
            <span className="block text-xs text-ink-subtle">Reset the message to change it.</span>
          )}
        </span>
      </label>
      <Textarea
        id={`${id}-text`}
        rows={14}
        spellCheck={false}
        // JSON reads best unwrapped: a long alertId scrolls instead of breaking mid-placeholder.
        wrap="off"
        autoComplete="off"
        aria-describedby={`${id}-check`}
        aria-invalid={check.problems.length > 0 || undefined}
        className="font-mono text-xs leading-relaxed"
        value={text}
        onChange={(event) => setEdited(event.target.value)}
      />
      <CheckPanel id={`${id}-check`} check={check} />
      <ul className="list-disc space-y-1 pl-5 text-xs text-ink-muted">
        <li>
          <code className="font-mono">lot</code> comes from the strategy's quantity: set it in lots
          (e.g. 0.1), not in units.
        </li>
        {reverse ? (
          <li>
            <code className="font-mono">closeOpposite</code> closes the other side's positions
            before each order opens, and <code className="font-mono">lot</code> is the strategy's
            position after the order: a long-to-short reverse arrives as one alert that closes the
            long and opens the short. An exit to flat sends size 0, which the server refuses
            (nothing closes): for a strategy that goes flat, send exits with their own closebuy or
            closesell alert.
          </li>
        ) : (
          <li>
            Every order becomes a trade, exits included: an exit from a long arrives as{' '}
            <code className="font-mono">sell</code>. On a hedging account that opens a short instead
            of closing the long: turn on Reverse, or send exits with their own closebuy or closesell
            alert.
          </li>
        )}
        <li>
          <code className="font-mono">alertId</code> makes a resent alert trade only once.
        </li>
      </ul>
    </div>
  );
}
