import {
  type ContactMessageInput,
  contactCategories,
  contactCategoryLabels,
  contactLimits,
  contactMessageSchema,
} from '@signalrelay/contracts/contact';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField, Input, Select, Textarea } from '../../components/form-field.tsx';
import { ApiError, api } from '../../lib/api-client.ts';

type Field = keyof ContactMessageInput;
type Result = 'idle' | 'sending' | 'success' | 'error';

const empty: Record<Field, string> = {
  name: '',
  email: '',
  subject: '',
  category: '',
  message: '',
};

/** "must be at least 10 characters" → "Must be at least 10 characters." */
function sentence(message: string): string {
  if (message === 'is required') return 'This field is required.';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/** The first problem per field, in the words of the shared schema. */
function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = contactMessageSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= sentence(issue.message);
  }
  return errors;
}

export function ContactForm({ supportEmail }: { supportEmail: string | null }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<Result>('idle');
  const sending = result === 'sending';
  const incomplete = Object.values(values).some((v) => v.trim() === '');

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult('idle');
    const problems = fieldErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setResult('sending');
    try {
      await api.post('/api/contact', values);
      setValues(empty);
      setResult('success');
    } catch (err) {
      // A 400 names its field ("email: must be ..."): show it there too.
      if (err instanceof ApiError) {
        const field = (err.body as { field?: string } | null)?.field;
        if (field && field in empty) {
          setErrors({ [field]: sentence(err.message.replace(/^[a-z]+: /, '')) });
        }
      }
      setResult('error');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name}>
          <Input
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            maxLength={contactLimits.name.max}
          />
        </FormField>
        <FormField label="Email" required error={errors.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            maxLength={contactLimits.email.max}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Subject" required error={errors.subject}>
          <Input
            name="subject"
            value={values.subject}
            onChange={set('subject')}
            maxLength={contactLimits.subject.max}
          />
        </FormField>
        <FormField label="Category" required error={errors.category}>
          <Select name="category" value={values.category} onChange={set('category')}>
            <option value="">Select a category</option>
            {contactCategories.map((c) => (
              <option key={c} value={c}>
                {contactCategoryLabels[c]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField
        label="Message"
        required
        error={errors.message}
        hint={`${contactLimits.message.min}–${contactLimits.message.max} characters. For EA problems, include the last lines of the Experts tab.`}
      >
        <Textarea
          name="message"
          rows={6}
          value={values.message}
          onChange={set('message')}
          maxLength={contactLimits.message.max}
        />
      </FormField>

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
