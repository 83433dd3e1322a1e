import { signupBody } from '@signalrelay/contracts/auth';
import { z } from 'zod';
import { messages } from './auth-messages.ts';

export type SignupFields = {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirm: string;
};

/** The spec's sign-up checks, in its order; the first failing one is the message shown. */
export function signupProblem(fields: SignupFields, agreed: boolean): string | null {
  if (!agreed) return messages.termsRequired;
  if (fields.password.length < 8 || fields.password.length > 64) return messages.passwordLength;
  if (fields.password !== fields.confirm) return messages.passwordsDiffer;
  return null;
}

/** Where each of the spec's checks shows its message. */
const problemField: Record<string, 'agreed' | 'password' | 'confirm'> = {
  [messages.termsRequired]: 'agreed',
  [messages.passwordLength]: 'password',
  [messages.passwordsDiffer]: 'confirm',
};

/**
 * The sign-up form: names and e-mail as the API checks them; the password by the spec's
 * checks only, because the spec shows no message of its own for the API's character rule and
 * the page shows the API's answer instead (the page warns while typing).
 */
export const signupFormSchema = signupBody
  .pick({ firstname: true, lastname: true, email: true })
  .extend({ password: z.string(), confirm: z.string(), agreed: z.boolean() })
  .superRefine((form, ctx) => {
    const problem = signupProblem(form, form.agreed);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problemField[problem]!] });
  });
