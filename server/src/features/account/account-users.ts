import type { CurrentUser } from '@signalrelay/contracts/auth';
import type { Config } from '../../config.ts';
import { generateLicenseNumber, hashLicense } from '../../core/licenses.ts';
import { billingConfigured, subscriptionFieldsOf } from '../../core/plans.ts';
import type { Plan, users } from '../../db/schema/users.ts';

type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;

// Defined in core (the license directory needs it too); re-exported for the account's callers.
export { billingConfigured };

/** A new account's plan: free until it subscribes, or the self-hosted plan without billing. */
export function initialPlan(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'SELF_HOSTED_PLAN'>): Plan {
  return billingConfigured(config) ? 'free' : config.SELF_HOSTED_PLAN;
}

/** The row of a new user, with its license number (shown to the owner) and that license's hash. */
export function newUserValues(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'SELF_HOSTED_PLAN'>,
  input: {
    email: string;
    firstname: string;
    lastname: string;
    passwordHash: string | null;
    verified: boolean;
  },
): typeof users.$inferInsert {
  const licenseNumber = generateLicenseNumber();
  return {
    ...input,
    licenseNumber,
    licenseHash: hashLicense(licenseNumber),
    productType: initialPlan(config),
  };
}

/** The spec's "Current user" (section 3) from a users row and the EA's last heartbeat. */
export function currentUserOf(user: UserRow, lastConnected: number | null): CurrentUser {
  return {
    verified: user.verified,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    name: `${user.firstname} ${user.lastname}`.trim(),
    licenseNumber: user.licenseNumber,
    lastConnected,
    ...subscriptionFieldsOf(user),
  };
}
