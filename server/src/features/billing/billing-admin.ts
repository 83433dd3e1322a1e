import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { type Plan, plans, users } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../ports/bus.ts';
import { announceUserChanged } from '../account/account-events.ts';

export function isPlan(value: string): value is Plan {
  return (plans as readonly string[]).includes(value);
}

/**
 * Gives an account a plan by hand (`npm run admin -- set-plan`), for servers without billing.
 * The bus tells every running instance, so the new quota applies to the next signal.
 */
export async function setPlan(
  { db, bus, now }: { db: Db; bus: Bus; now: () => number },
  email: string,
  plan: Plan,
): Promise<{ userId: string; previous: Plan }> {
  const [user] = await db
    .select({ id: users.id, productType: users.productType })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AppError('NOT_FOUND', `No account with the e-mail ${email}.`);
  await db
    .update(users)
    .set({ productType: plan, updatedAt: new Date(now()) })
    .where(eq(users.id, user.id));
  await announceUserChanged(bus, user.id);
  return { userId: user.id, previous: user.productType };
}
