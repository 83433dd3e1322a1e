import {
  type ContactMessage,
  type ContactMessageInput,
  contactCategories,
  contactCategoryLabels,
  contactLimits,
  contactMessageSchema,
} from '@signalrelay/contracts/contact';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { BoundField, useZodForm } from '../../components/form.tsx';
import { Input, Select, Textarea } from '../../components/form-field.tsx';
import { ApiError, api } from '../../lib/api-client.ts';

type Result = 'idle' | 'success' | 'error';

type Field = keyof ContactMessageInput;

/** The form holds the text as typed (the category '' until one is chosen); the schema judges it. */
const contactForm: z.ZodType<ContactMessage, Record<Field, string>> = contactMessageSchema;

const empty: Record<Field, string> = {
  name: '',
  email: '',
  subject: '',
  category: '',
  message: '',
};

/** The support form, checked with the API's own schema, each message under its field. */
export function ContactForm({ supportEmail }: { supportEmail: string | null }) {
  const form = useZodForm(contactForm, { defaultValues: empty });
  const [result, setResult] = useState<Result>('idle');
  const sending = form.formState.isSubmitting;
  const incomplete = Object.values(form.watch()).some((v) => v.trim() === '');

  async function send(message: ContactMessage) {
    try {
      await api.post('/api/contact', message);
      form.reset(empty);
      setResult('success');
    } catch (err) {
      // A 400 names its field ("email: must be ..."): show it there too.
      const field = err instanceof ApiError && (err.body as { field?: string } | null)?.field;
      if (field && field in empty) {
        form.setError(field as Field, {
          message: (err as ApiError).message.replace(/^[a-z]+: /, ''),
        });
      }
      setResult('error');
    }
  }

  return (
    <form
      // Each submit starts from no result (spec section 4), whether or not the fields pass.
      onSubmit={(event) => {
        setResult('idle');
        void form.handleSubmit(send)(event);
      }}
      noValidate
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <BoundField form={form} name="name" label="Name" required>
          <Input autoComplete="name" maxLength={contactLimits.name.max} />
        </BoundField>
        <BoundField form={form} name="email" label="Email" required>
          <Input type="email" autoComplete="email" maxLength={contactLimits.email.max} />
        </BoundField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <BoundField form={form} name="subject" label="Subject" required>
          <Input maxLength={contactLimits.subject.max} />
        </BoundField>
        <BoundField form={form} name="category" label="Category" required>
          <Select>
            <option value="">Select a category</option>
            {contactCategories.map((c) => (
              <option key={c} value={c}>
                {contactCategoryLabels[c]}
              </option>
            ))}
          </Select>
        </BoundField>
      </div>
      <BoundField
        form={form}
        name="message"
        label="Message"
        required
        hint={`${contactLimits.message.min}–${contactLimits.message.max} characters. For EA problems, include the last lines of the Experts tab.`}
      >
        <Textarea rows={6} maxLength={contactLimits.message.max} />
      </BoundField>

      <div aria-live="polite">
        {result === 'success' && (
          <p
            role="status"
            className="rounded-lg border border-green-200 bg-profit-soft px-4 py-3 text-sm text-profit"
          >
            Thank you! Your message has been sent successfully. We'll get back to you within 24
            hours.
          </p>
        )}
        {result === 'error' && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-loss-soft px-4 py-3 text-sm text-loss"
          >
            Sorry, there was an error sending your message. Please try again or email us directly at{' '}
            {supportEmail ? (
              <a href={`mailto:${supportEmail}`} className="font-medium underline">
                {supportEmail}
              </a>
            ) : (
              'our support address'
            )}
            .
          </p>
        )}
      </div>

      <Button
        type="submit"
        size="lg"
        loading={sending}
        loadingText="Sending..."
        disabled={incomplete}
      >
        Send Message
      </Button>
    </form>
  );
}
