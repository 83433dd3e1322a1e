import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import { type LoginErrorCode, redirectQuery } from '@signalrelay/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { setSessionCookie } from '../../http/auth-guards.ts';
import { createOAuthAccounts } from './auth-oauth-accounts.ts';
import {
  type ConfiguredProvider,
  configuredProvider,
  type OAuthProfile,
  oauthProviders,
} from './auth-oauth-providers.ts';

/** Where to go after signing in when the login page named no (usable) destination. */
const defaultDestination = '/dashboard';
const redirectCookie = 'oauth-redirect';
const redirectCookieMaxAge = 10 * 60;

/**
 * A post-login destination on this site, or null. Only a path is accepted: `//evil.example`
 * and `/\evil.example` are host names to a browser, so they are refused along with anything
 * that resolves to another origin.
 */
export function safeRedirectPath(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if (/\p{Cc}/u.test(value)) return null;
  const base = 'http://signalrelay.invalid';
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

function loginWithError(code: LoginErrorCode, redirect: string | null): string {
  const query = new URLSearchParams({ error: code });
  if (redirect) query.set('redirect', redirect);
  return `/login?${query}`;
}

/**
 * GET /api/auth/{google,facebook} and their callbacks (@fastify/oauth2: `state` in a cookie,
 * PKCE where the provider has it, `__Host-` cookie names whenever the site is https). The
 * login page's `redirect` rides along in a short-lived cookie. Every failure ends on /login
 * with the spec's error code: `<provider>_auth_failed` when the provider's side failed or was
 * refused, `auth_callback_failed` when ours did, `<provider>_not_configured` without keys.
 */
export async function registerOAuth(app: FastifyInstance, deps: AppDeps) {
  const accounts = createOAuthAccounts(deps);
  const { cookieOptions } = app.auth;
  const secure = cookieOptions.secure;

  for (const name of oauthProviders) {
    const provider = configuredProvider(deps.config, name);
    if (!provider) {
      const notConfigured = async (request: FastifyRequest, reply: FastifyReply) => {
        const redirect = safeRedirectPath(redirectQuery.safeParse(request.query).data?.redirect);
        return reply.redirect(loginWithError(`${name}_not_configured`, redirect));
      };
      app.get(`/${name}`, notConfigured);
      app.get(`/${name}/callback`, notConfigured);
      continue;
    }
    await registerProvider(app, deps, provider, accounts, secure);
  }
}

async function registerProvider(
  app: FastifyInstance,
  deps: AppDeps,
  provider: ConfiguredProvider,
  accounts: ReturnType<typeof createOAuthAccounts>,
  secure: boolean,
) {
  const name = provider.name;
  const pluginName = `${name}OAuth2`;
  const { endpoints } = provider;
  await app.register(fastifyOauth2, {
    name: pluginName,
    scope: provider.scope,
    credentials: {
      client: { id: provider.clientId, secret: provider.clientSecret },
      auth: {
        authorizeHost: endpoints.authorizeHost,
        authorizePath: endpoints.authorizePath,
        tokenHost: endpoints.tokenHost,
        tokenPath: endpoints.tokenPath,
      },
      // Both providers take the client secret in the token request body.
      options: { authorizationMethod: 'body' },
    },
    callbackUri: `${deps.config.publicUrl}/api/auth/${name}/callback`,
    ...(provider.pkce ? { pkce: provider.pkce } : {}),
    hostPrefixedCookies: secure,
    userAgent: 'SignalRelay',
  });
  const oauth = (app as unknown as Record<string, OAuth2Namespace>)[pluginName]!;
  const cookieName = secure ? `__Host-${redirectCookie}` : redirectCookie;
  const cookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: redirectCookieMaxAge,
  };

  app.get(`/${name}`, async (request, reply) => {
    const redirect = safeRedirectPath(redirectQuery.safeParse(request.query).data?.redirect);
    if (redirect) reply.setCookie(cookieName, redirect, cookie);
    else reply.clearCookie(cookieName, cookie);
    return reply.redirect(await oauth.generateAuthorizationUri(request, reply));
  });

  app.get(`/${name}/callback`, async (request, reply) => {
    const redirect = safeRedirectPath(request.cookies[cookieName]);
    reply.clearCookie(cookieName, cookie);
    const failed = (code: LoginErrorCode, reason: string, err?: unknown) => {
      request.log.info({ provider: name, reason, err }, 'provider sign-in failed');
      return reply.redirect(loginWithError(code, redirect));
    };

    const query = request.query as Record<string, unknown>;
    // The user said no on the provider's consent screen (or the provider refused).
    if (query.error !== undefined) return failed(`${name}_auth_failed`, String(query.error));

    let profile: OAuthProfile;
    try {
      // Checks `state` against its cookie (and sends the PKCE verifier) before any exchange.
      const { token } = await oauth.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      profile = await provider.readProfile(
        token.access_token,
        provider.clientSecret,
        endpoints.userinfo,
      );
    } catch (err) {
      return failed(`${name}_auth_failed`, 'state, code exchange or profile failed', err);
    }

    let sessionId: string;
    try {
      const result = await accounts.resolve(name, profile);
      if ('refused' in result) return failed(`${name}_auth_failed`, result.refused);
      ({ id: sessionId } = await app.auth.sessions.create(
        result.userId,
        request.headers['user-agent'],
      ));
      request.log.info({ userId: result.userId, provider: name }, 'signed in');
    } catch (err) {
      request.log.error({ err, provider: name }, 'provider sign-in callback failed');
      return reply.redirect(loginWithError('auth_callback_failed', redirect));
    }
    setSessionCookie(reply, sessionId);
    return reply.redirect(redirect ?? defaultDestination);
  });
}
