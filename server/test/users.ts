import { randomBytes } from 'node:crypto';
import { generateLicenseNumber, hashLicense } from '../src/core/licenses.ts';
import type { Db } from '../src/db/db.ts';
import { type Plan, users } from '../src/db/schema/users.ts';

export type TestUserOptions = { plan?: Plan; verified?: boolean };

/** A user straight in the database (no sign-up flow), with a fresh license. */
export async function createTestUser(
  db: Db,
  { plan = 'pro', verified = true }: TestUserOptions = {},
) {
  const licenseNumber = generateLicenseNumber();
  const email = `trader-${randomBytes(4).toString('hex')}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstname: 'Test',
      lastname: 'Trader',
      verified,
      licenseNumber,
      licenseHash: hashLicense(licenseNumber),
      productType: plan,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, licenseNumber };
}
