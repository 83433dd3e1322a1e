import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../deps.ts';
import { createEmailTokens } from './auth-email-tokens.ts';
import {
  accountExistsMail,
  passwordChangedMail,
  resetMail,
  verificationMail,
} from './auth-mails.ts';

/**
 * Account e-mails go out as jobs (retried by the job runner when SMTP is down) and the job data
 * holds no secret: the job itself issues the token, so no link sits in Redis. A retried job
 * issues a fresh token, which replaces the earlier one.
 */
export const authMailJob = 'auth-mail';

export type AuthMailJob =
  /** A verification link for a new account. */
  | { kind: 'verify'; userId: string }
  /** Asked for from the login page: the job finds out whether the address needs one. */
  | { kind: 'verify'; email: string }
  /** A second sign-up with a known address: a new verification link, or "you have an account". */
  | { kind: 'signup-again'; userId: string }
  /**
   * A reset link if the address has an account. The request only queues this job, the same
   * whether or not the address is known, so its answer and timing reveal nothing.
   */
  | { kind: 'reset'; email: string }
  | { kind: 'password-changed'; userId: string };

type Deps = Pick<AppDeps, 'jobs' | 'database' | 'mailer' | 'config' | 'now' | 'logger'>;

export function queueAuthMail(jobs: Deps['jobs'], job: AuthMailJob): Promise<void> {
  return jobs.schedule(authMailJob, job);
}

export function defineAuthMailJobs({ jobs, database, mailer, config, now, logger }: Deps) {
  const { db } = database;
  const tokens = createEmailTokens({ db, now });
  const site = config.publicUrl;

  async function findUser(where: { id: string } | { email: string }) {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        verified: users.verified,
      })
      .from(users)
      .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email))
      .limit(1);
    return rows[0] ?? null;
  }

  async function sendVerification(user: { id: string; email: string; firstname: string }) {
    const token = await tokens.issue(user.id, 'verify');
    await mailer.send(
      verificationMail(user.email, user.firstname, `${site}/api/auth/verify-email?token=${token}`),
    );
  }

  jobs.define<AuthMailJob>(authMailJob, async (job) => {
    const user = await findUser('email' in job ? { email: job.email } : { id: job.userId });
    if (!user) {
      // Deleted since, or (for a reset) an address without an account: nothing to send.
      logger.debug({ kind: job.kind }, 'account e-mail skipped: no such user');
      return;
    }
    switch (job.kind) {
      case 'verify':
        if (!user.verified) await sendVerification(user);
        return;
      case 'signup-again':
        if (!user.verified) await sendVerification(user);
        else
          await mailer.send(
            accountExistsMail(user.email, user.firstname, {
              login: `${site}/login`,
              forgot: `${site}/forgot-password`,
            }),
          );
        return;
      case 'reset': {
        const token = await tokens.issue(user.id, 'reset');
        await mailer.send(
          resetMail(user.email, user.firstname, `${site}/reset-password?token=${token}`),
        );
        return;
      }
      case 'password-changed':
        await mailer.send(passwordChangedMail(user.email, user.firstname, config.SUPPORT_EMAIL));
        return;
    }
  });
}
