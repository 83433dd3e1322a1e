import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/card.tsx';
import { useZodForm } from '../../components/form.tsx';
import { InfoIcon } from '../../components/icons.tsx';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { useSession } from '../../stores/session-store.ts';
import { SignalTestFields } from './signal-test-fields.tsx';
import { defaultTestForm, type TestForm, testFormSchema, testPayload } from './signal-test-form.ts';
import { SignalTestGenerator } from './signal-test-generator.tsx';
import { SignalTestResult, type TestResult } from './signal-test-result.tsx';
import { signalsApi } from './signals-api.ts';
import { useFollowedSignal } from './use-followed-signal.ts';

const noLicense: TestResult = { ok: false, message: 'No license number available' };

/** Spec section 8: the server's message, or the reason no answer came. */
function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: unknown } | null | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : null;
    return `Failed to send test signal: ${message ?? 'Unknown error'}`;
  }
  return `Network error: ${err instanceof NetworkError || err instanceof Error ? err.message : String(err)}`;
}

/** The webhook's answer only: where the signal goes next is followed live below it. */
const acceptedText = 'The webhook accepted the test signal.';

const steps = [
  'Send posts these parameters to your webhook exactly as a TradingView alert would, marked as a test.',
  'The server checks your license and relays the signal to your connected EA (on the chosen platform).',
  'The EA acknowledges it, writes it to the Experts log and skips execution: no order is placed.',
  'The result follows the signal here: the account whose EA received it and how fast, or that no EA is connected to take it. It appears in Signal History as TEST.',
  'When it works, copy the JSON and the webhook URL into a TradingView alert to trade for real.',
];

/**
 * The Signal Test tab (spec sections 2, 3, 5): a test signal through the real webhook to the
 * user's EA, which does not trade it; and the alert message to use in TradingView.
 */
export function SignalTestTab() {
  const licenseNumber = useSession((s) => s.user?.licenseNumber);
  const form = useZodForm(testFormSchema, { defaultValues: defaultTestForm });
  // Every edit shows at once in the generated alert.
  const values = form.watch();
  const sending = form.formState.isSubmitting;
  const [result, setResult] = useState<TestResult | null>(null);
  const { followed, connected, live, reset, follow } = useFollowedSignal();
  const resultCard = useRef<HTMLDivElement>(null);
  // The result is brought into view whenever it changes (the webhook's answer, then each step
  // of the signal), at any width: on a phone it sits below the form, on a wide screen beside
  // it but perhaps scrolled away. Nothing is scrolled before the first Send.
  const resultState = result && `${result.message}|${followed?.status}|${followed?.deliveredAt}`;
  useEffect(() => {
    if (resultState) resultCard.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [resultState]);

  async function send(parameters: TestForm) {
    if (!licenseNumber) return setResult(noLicense);
    setResult(null);
    reset();
    try {
      const reply = await signalsApi.sendTest(testPayload(parameters, licenseNumber));
      follow(reply.signalId);
      setResult({ ok: true, message: acceptedText });
    } catch (err) {
      setResult({ ok: false, message: failureText(err) });
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-ink">Signal Test</h2>
        <div className="mt-3 flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
          <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <p>
            Test signals simulate a TradingView webhook and do <strong>NOT</strong> place real
            trades in MetaTrader: the EA logs them and skips execution. Use them to check that your
            EA is connected and receives signals. For the message format, see{' '}
            <Link to="/docs/basic-config" className="font-medium text-brand-700 underline">
              Basic Configuration
            </Link>
            .
          </p>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader title="Test parameters" />
          <CardBody>
            <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-5">
              <SignalTestFields
                form={form}
                position={values.position}
                licenseNumber={licenseNumber}
              />
              <Button
                type="submit"
                className="w-full sm:w-auto"
                disabled={!licenseNumber}
                loading={sending}
                loadingText="Processing..."
              >
                Send Test Signal
              </Button>
            </form>
          </CardBody>
        </Card>

        <div className="space-y-6">
          {/* Below the sticky header when scrolled to: `scroll-mt`. */}
          <div ref={resultCard} className="scroll-mt-24">
            <Card>
              <CardHeader title="Test Result" />
              <CardBody>
                <SignalTestResult
                  result={licenseNumber ? result : noLicense}
                  following={{ signal: followed, connected, live }}
                />
              </CardBody>
            </Card>
          </div>
          <Card>
            <CardHeader
              title="Webhook JSON Generator"
              description="Paste this message and URL into your TradingView alert."
            />
            <CardBody>
              <SignalTestGenerator form={values} licenseNumber={licenseNumber} />
            </CardBody>
          </Card>
        </div>
      </div>

      <Card>
        <CardHeader title="How it works" />
        <CardBody>
          <ol className="list-decimal space-y-2 pl-5 text-sm text-ink-muted marker:font-semibold marker:text-ink">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </CardBody>
      </Card>
    </div>
  );
}
