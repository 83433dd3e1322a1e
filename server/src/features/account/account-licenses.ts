import { eq } from 'drizzle-orm';
import { generateLicenseNumber, hashLicense } from '../../core/licenses.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import { announceUserChanged } from './account-events.ts';

type Deps = Pick<AppDeps, 'database' | 'bus' | 'now' | 'logger'>;

/**
 * Replaces a user's license number. The old one stops working at once: its hash leaves the
 * users table here, and the bus tells every instance to drop its cached copy.
 */
export async function regenerateLicense(
  { database, bus, now, logger }: Deps,
  userId: string,
): Promise<string> {
  const licenseNumber = generateLicenseNumber();
  await database.db
    .update(users)
    .set({ licenseNumber, licenseHash: hashLicense(licenseNumber), updatedAt: new Date(now()) })
    .where(eq(users.id, userId));
  // The new license is stored either way; a bus outage only delays other instances' caches
  // (their entries expire within a minute), which is no reason to fail the request.
  await announceUserChanged(bus, userId).catch((err) =>
    logger.warn({ err }, 'could not announce the license change'),
  );
  return licenseNumber;
}
