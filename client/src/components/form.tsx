import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactElement } from 'react';
import { cloneElement } from 'react';
import {
  type FieldPath,
  type FieldValues,
  get,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import { FormField, type FormFieldProps } from './form-field.tsx';

/*
 * The one way to write a form (issue 21). Copy this shape:
 *
 *   const form = useZodForm(loginBody, { defaultValues: { email: '', password: '' } });
 *   <form onSubmit={form.handleSubmit(send)} noValidate>
 *     <BoundField form={form} name="email" label="Email" required>
 *       <Input type="email" autoComplete="email" />
 *     </BoundField>
 *
 * - The schema comes from `@signalrelay/contracts` (or is built from its pieces with `.pick`,
 *   `.extend`, `.refine`), so the browser checks what the server checks; `send` receives the
 *   schema's output (trimmed, lower-cased...), ready to post.
 * - `noValidate`: zod judges the fields, not the browser's bubbles; `required` stays on the
 *   control for assistive technology and the label's asterisk.
 * - A field's first zod message shows under its control, as a sentence (`errorSentence`);
 *   a message for the whole form (the server's answer, a spec text) goes above the form.
 * - `form.formState.isSubmitting` is the "sending" state while `send` runs.
 */

/** `useForm` with the schema as its resolver: values typed by its input, `send` by its output. */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options?: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * A zod message as a sentence under a field: "must be at least 10 characters" reads
 * "Must be at least 10 characters.", and a bare "is required" (the API names the field in
 * front of it) reads "This field is required.".
 */
export function errorSentence(message: string): string {
  if (message === 'is required') return 'This field is required.';
  const capital = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

type BoundFieldProps<Values extends FieldValues> = Omit<FormFieldProps, 'children'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any context and output type of the same values
  form: UseFormReturn<Values, any, any>;
  name: FieldPath<Values>;
  /** One control (Input, Select, Textarea); it is registered under `name`. */
  children: FormFieldProps['children'];
};

/**
 * A `FormField` whose control is registered with the form and whose error is the field's zod
 * message; `error`, if given, is the page's own live check (one the schema does not refuse),
 * shown while zod has nothing to say.
 */
export function BoundField<Values extends FieldValues>({
  form,
  name,
  children,
  error,
  ...field
}: BoundFieldProps<Values>) {
  // Subscribes this field alone, so typing in one field does not redraw the others.
  const { errors } = useFormState({ control: form.control, name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  const control = children as ReactElement<ReturnType<typeof form.register>>;
  return (
    <FormField {...field} error={typeof message === 'string' ? errorSentence(message) : error}>
      {cloneElement(control, form.register(name))}
    </FormField>
  );
}
