import {
  forgotBody,
  loginBody,
  oauthProviders,
  type providersResponse,
  resetBody,
  type sessionResponse,
  signupBody,
  verifyQuery,
} from '@signalrelay/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  clearSessionCookie,
  requireSameOrigin,
  requireUser,
  sessionIdOf,
  setSessionCookie,
  signedInUser,
} from '../../http/auth-guards.ts';
import type { SessionUser } from '../../http/sessions.ts';
import { parseInput } from '../../http/validate.ts';
import { dashboardAccess } from '../account/account-access.ts';
import { billingConfigured, currentUserOf } from '../account/account-users.ts';
import { addressLimits, ipLimits, perAddressLimit } from './auth-limits.ts';
import { registerOAuth } from './auth-oauth.ts';
import { configuredProvider } from './auth-oauth-providers.ts';
import { createAuthService } from './auth-service.ts';

type Options = { deps: AppDeps };
type SessionResponse = z.infer<typeof sessionResponse>;
type ProvidersResponse = z.infer<typeof providersResponse>;

const accessMessages = {
  EMAIL_NOT_VERIFIED: 'Email not verified',
  SUBSCRIPTION_REQUIRED: 'Subscription required',
  SUBSCRIPTION_EXPIRED: 'Subscription expired',
} as const;

/** /api/auth: the spec's account calls (section 7) plus Google/Facebook sign-in. */
export default async function authRoutes(app: FastifyInstance, { deps }: Options) {
  const service = createAuthService({ ...deps, sessions: app.auth.sessions });

  /** The spec's current user; a Redis outage costs the EA indicator, not the session check. */
  async function currentUser(user: SessionUser) {
    const lastConnected = await deps.presence.lastSeen(user.id).catch((err) => {
      app.log.warn({ err }, 'presence unavailable');
      return null;
    });
    return currentUserOf(user, lastConnected);
  }

  // Counted after validation: only a sign-up that would send an e-mail uses the address's budget.
  const signupAddressLimit = perAddressLimit(app, 'signup', addressLimits.signup);
  app.post(
    '/signup',
    { config: { rateLimit: ipLimits.signup }, preHandler: [requireSameOrigin] },
    async (request, reply) => {
      const input = parseInput(signupBody, request.body);
      await signupAddressLimit(request);
      await service.signup(input);
      return reply.status(201).send({
        message: 'Signup successful! Please check your email to verify your account.',
      });
    },
  );

  app.get('/verify-email', async (request, reply) => {
    const query = verifyQuery.safeParse(request.query);
    const verified =
      query.success && (await service.verifyEmail(query.data.token, sessionIdOf(request)));
    return reply.redirect(verified ? '/verification-successful' : '/verification-failed');
  });

  app.post(
    '/login',
    {
      config: { rateLimit: ipLimits.login },
      preHandler: [requireSameOrigin, perAddressLimit(app, 'login', addressLimits.login)],
    },
    async (request, reply) => {
      const { email, password } = parseInput(loginBody, request.body);
      const { sessionId, user } = await service.login(
        email,
        password,
        request.headers['user-agent'],
      );
      // A session cookie of an earlier sign-in on this browser is replaced, and ended.
      const previous = sessionIdOf(request);
      if (previous) await app.auth.sessions.revoke(previous);
      setSessionCookie(reply, sessionId);
      return { message: 'Login successful', user: await currentUser(user) };
    },
  );

  app.post('/logout', { preHandler: [requireSameOrigin] }, async (request, reply) => {
    const id = sessionIdOf(request);
    if (id) await app.auth.sessions.revoke(id);
    clearSessionCookie(reply);
    return { message: 'Logged out' };
  });

  // A new verification link for the signed-in, unverified user (the Verification Needed
  // screen), at most a few an hour per account so nobody floods the inbox through it.
  const resendLimit = app.createRateLimit({
    ...addressLimits.signup,
    keyGenerator: (request) => `resend:${signedInUser(request).id}`,
  });
  app.post(
    '/resend-verification',
    { preHandler: [requireSameOrigin, requireUser] },
    async (request) => {
      const user = signedInUser(request);
      if (user.verified) return { message: 'Your e-mail address is already verified.' };
      const limit = await resendLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new AppError(
          'RATE_LIMITED',
          'We sent several links in the last hour: check your spam folder, or try again later.',
          { retryAfterSeconds: limit.ttlInSeconds },
        );
      }
      await service.resendVerification(user.id);
      return { message: `We sent a new verification link to ${user.email}.` };
    },
  );

  app.get('/getme', { preHandler: [requireUser] }, async (request) =>
    currentUser(signedInUser(request)),
  );

  app.get('/session', async (request): Promise<SessionResponse> => {
    const id = sessionIdOf(request);
    const user = id ? await app.auth.sessions.find(id) : null;
    return { user: user ? await currentUser(user) : null };
  });

  app.get(
    '/providers',
    async (): Promise<ProvidersResponse> => ({
      providers: oauthProviders.filter((name) => configuredProvider(deps.config, name)),
    }),
  );

  /**
   * E-mail requests whose answer is the same whether or not an account uses the address, so
   * they reveal none. Verification shares sign-up's per-inbox budget: both send the same e-mail.
   */
  const mailRequests = [
    {
      path: '/request-verification',
      budget: 'signup',
      send: (email: string) => service.requestVerification(email),
      message: 'If an unverified account uses this address, a new verification link is on its way.',
    },
    {
      path: '/forgot-password',
      budget: 'forgot',
      send: (email: string) => service.forgotPassword(email),
      message: 'If an account exists for this email, a password reset link has been sent.',
    },
  ] as const;
  for (const { path, budget, send, message } of mailRequests) {
    app.post(
      path,
      {
        config: { rateLimit: ipLimits.forgot },
        preHandler: [requireSameOrigin, perAddressLimit(app, budget, addressLimits[budget])],
      },
      async (request) => {
        const { email } = parseInput(forgotBody, request.body);
        await send(email);
        return { message };
      },
    );
  }

  app.post(
    '/reset-password',
    { config: { rateLimit: ipLimits.reset }, preHandler: [requireSameOrigin] },
    async (request) => {
      const { token, password } = parseInput(resetBody, request.body);
      await service.resetPassword(token, password);
      return { message: 'Your password has been reset successfully.' };
    },
  );

  app.get('/dashboard-access', { preHandler: [requireUser] }, async (request) => {
    const user = signedInUser(request);
    const access = dashboardAccess(user, {
      billingConfigured: billingConfigured(deps.config),
      now: deps.now(),
    });
    if (!access.allowed) throw new AppError(access.code, accessMessages[access.code]);
    return { access: true, ...(await currentUser(user)) };
  });

  await registerOAuth(app, deps);
}
