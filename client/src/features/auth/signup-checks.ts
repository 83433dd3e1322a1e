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
