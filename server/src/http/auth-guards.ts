import { sessionCookieFor } from '@signalrelay/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { normalizeLicense } from '../core/licenses.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import {
  createSessionStore,
  type SessionStore,
  type SessionUser,
  sessionAbsoluteMs,
} from './sessions.ts';
import { parseInput } from './validate.ts';

/**
 * Sessions and CSRF for every feature: `registerSessions` (called once in app.ts) gives the
 * app a session store and the cookie settings; features put `requireUser` and
 * `requireSameOrigin` in their routes' `preHandler`, then read `signedInUser(request)`.
 */

type AuthContext = {
  sessions: SessionStore;
  cookieName: string;
  cookieOptions: {
    path: string;
    httpOnly: boolean;
    sameSite: 'lax';
    secure: boolean;
    maxAge: number;
  };
  /** `scheme://host[:port]` of PUBLIC_URL: the only origin allowed to change state. */
  publicOrigin: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthContext;
  }
  interface FastifyRequest {
    /** Set by `requireUser`; null on routes without it. */
    user: SessionUser | null;
  }
}

/**
 * Cookies are Secure except when the site is plain http on this machine (development,
 * `npm start` on a laptop), where a Secure cookie would never come back. `__Host-` pins the
 * cookie to this exact host (no Domain, Path=/), which browsers only accept when Secure.
 */
export function cookieSettings(publicUrl: string) {
  const { secure, name } = sessionCookieFor(publicUrl);
  return {
    secure,
    publicOrigin: new URL(publicUrl).origin,
    cookieName: name,
    cookieOptions: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      maxAge: Math.floor(sessionAbsoluteMs / 1000),
    },
  };
}

export function registerSessions(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'logger' | 'database' | 'now'>,
) {
  const sessions = createSessionStore({ db: deps.database.db, now: deps.now });
  const settings = cookieSettings(deps.config.publicUrl);
  if (settings.secure && new URL(deps.config.publicUrl).protocol === 'http:') {
    deps.logger.warn(
      'PUBLIC_URL is plain http on a non-local host: browsers drop the Secure session cookie, so sign-in will not stick. Serve the site over https.',
    );
  }
  app.decorate('auth', {
    sessions,
    cookieName: settings.cookieName,
    cookieOptions: settings.cookieOptions,
    publicOrigin: settings.publicOrigin,
  });
  app.decorateRequest('user', null);
}

/** The session id from the request's cookie, if any. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[request.server.auth.cookieName];
  return value && value.length <= 128 ? value : undefined;
}

/** preHandler: 401 unless the request carries a live session; sets `request.user`. */
export async function requireUser(request: FastifyRequest) {
  const id = sessionIdOf(request);
  const user = id ? await request.server.auth.sessions.find(id) : null;
  if (!user) throw new AppError('UNAUTHENTICATED');
  request.user = user;
}

/** The user `requireUser` found; throws if the route forgot the guard. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/**
 * The signed-in user, when the `licenseNumber` the request names (if it names one) is theirs:
 * a license's signals and orders are its owner's only.
 */
export function signedInOwner(request: FastifyRequest, licenseNumber: string | undefined) {
  const user = signedInUser(request);
  if (
    licenseNumber !== undefined &&
    normalizeLicense(licenseNumber) !== normalizeLicense(user.licenseNumber)
  ) {
    throw new AppError('FORBIDDEN', 'This license number does not belong to your account.');
  }
  return user;
}

/**
 * A GET of one license's data: signed in, the query parsed with `schema`, and the license it
 * names (if any) the user's own before `read` sees it.
 */
export function ownerReadRoute<S extends z.ZodType<{ licenseNumber?: string | undefined }>>(
  app: FastifyInstance,
  url: string,
  schema: S,
  read: (user: SessionUser, query: z.infer<S>) => Promise<unknown>,
) {
  app.get(url, { preHandler: requireUser }, async (request) => {
    const query = parseInput(schema, request.query);
    return read(signedInOwner(request, query.licenseNumber), query);
  });
}

export function setSessionCookie(reply: FastifyReply, id: string) {
  const { cookieName, cookieOptions } = reply.server.auth;
  reply.setCookie(cookieName, id, cookieOptions);
}

export function clearSessionCookie(reply: FastifyReply) {
  const { cookieName, cookieOptions } = reply.server.auth;
  reply.clearCookie(cookieName, { ...cookieOptions, maxAge: 0 });
}

function originOfReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * preHandler against cross-site request forgery, for every state-changing call a browser makes
 * with our cookie. Fetch Metadata first: a browser that says the call came from another site
 * is refused outright. Then the Origin (or Referer) must be PUBLIC_URL's origin; failing
 * that, `Sec-Fetch-Site: same-origin` is accepted, because only the browser can set it and it
 * vouches that the calling page is on the origin it called (the Vite dev proxy, a second host
 * name for the same site). A call with none of these headers is not from a browser page we
 * serve, and is refused too.
 */
/**
 * preValidation of the dashboard's WebSocket (cross-site WebSocket hijacking): a browser always
 * sends the page's Origin with the upgrade, and the same-origin policy does not apply to
 * WebSockets, so a page on another site could otherwise open it with the user's cookie. The
 * Origin must be PUBLIC_URL's, or the one of the host the browser connected to. Non-browser
 * clients send no Origin and still need the session cookie.
 */
export async function requireOwnOriginIfAny(request: FastifyRequest) {
  const origin = request.headers.origin;
  if (origin === undefined || origin === request.server.auth.publicOrigin) return;
  // The page's own origin when reached by another name than PUBLIC_URL (a proxy's port, a
  // second host name): the Origin names the host the browser connected to.
  const host = request.headers.host;
  if (host !== undefined && URL.canParse(origin) && new URL(origin).host === host) return;
  throw new AppError('CSRF_REJECTED');
}

export async function requireSameOrigin(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw new AppError('CSRF_REJECTED');
  const origin = request.headers.origin || originOfReferer(request.headers.referer);
  if (origin === request.server.auth.publicOrigin) return;
  if (site === 'same-origin') return;
  throw new AppError('CSRF_REJECTED');
}
