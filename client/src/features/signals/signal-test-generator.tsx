import { type ReactNode, useId, useState } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { type TestForm, webhookJsonText } from './signal-test-form.ts';
import { StrategyAlertEditor } from './strategy-alert-editor.tsx';

/** Where TradingView (and the EA's allow list) must point: this site's webhook. */
export const webhookUrl = () => `${window.location.origin}/api/webhook/handleWebhook`;

type Mode = 'fixed' | 'strategy';
const modes = [
  { value: 'fixed', label: 'Fixed alert' },
  { value: 'strategy', label: 'Strategy alert' },
] as const;

/** A titled text to copy: the alert message or the webhook URL. */
function CopyFigure({
  title,
  text,
  copyLabel,
  children,
}: {
  title: string;
  text: string;
  copyLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure aria-labelledby={id}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <p id={id} className="text-sm font-medium text-ink">
          {title}
        </p>
        <CopyButton text={text} label={copyLabel} />
      </div>
      {children}
    </figure>
  );
}

/**
 * The alert message to paste into a TradingView alert — fixed to the parameters above, or a
 * strategy alert whose placeholders TradingView fills in per order — and the webhook URL to
 * put in the alert's Notifications tab.
 */
export function SignalTestGenerator({
  form,
  licenseNumber,
}: {
  form: TestForm;
  licenseNumber: string | null | undefined;
}) {
  const [mode, setMode] = useState<Mode>('fixed');
  const url = webhookUrl();
  const json = webhookJsonText(form, licenseNumber);
  return (
    <div className="space-y-4">
      <Tabs label="Alert message kind" items={modes} value={mode} onChange={setMode}>
        {mode === 'fixed' ? (
          // The spec's generator: the message for exactly the parameters above.
          <CopyFigure title="Alert message (JSON)" text={json} copyLabel="Copy JSON">
            <pre className="overflow-x-auto rounded-lg bg-night p-4 font-mono text-xs leading-relaxed text-slate-100">
              {json}
            </pre>
          </CopyFigure>
        ) : (
          <StrategyAlertEditor form={form} licenseNumber={licenseNumber} />
        )}
      </Tabs>
      <CopyFigure title="Webhook URL" text={url} copyLabel="Copy URL">
        <code className="block overflow-x-auto rounded-lg border border-line bg-surface-sunken px-3 py-2 font-mono text-xs whitespace-nowrap text-ink">
          {url}
        </code>
      </CopyFigure>
    </div>
  );
}
