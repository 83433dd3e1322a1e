import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SmtpReceiver } from './smtp-receiver.ts';

/**
 * A browser-like client for `app.inject`: keeps the cookies the server sets (dropping cleared
 * ones), sends them back, and sends the site's Origin on every call, as a page of the site
 * would. Each client comes from its own IP so per-IP rate limits do not leak between tests.
 */
export function browserClient(app: FastifyInstance, origin: string, ip = randomIp()) {
  const jar = new Map<string, string>();

  async function request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      headers: {
        origin,
        'x-forwarded-for': ip,
        ...(jar.size > 0
          ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  return {
    ip,
    jar,
    request,
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', url, body, headers),
  };
}

export type BrowserClient = ReturnType<typeof browserClient>;

/** A random private IPv4 address, so no two clients share a rate-limit bucket. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export function uniqueEmail(label = 'trader'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

/** The first link in a mail's text part whose path starts with `path`, as a path + query. */
export function linkTo(text: string | undefined, path: string): string {
  const match = text?.match(/https?:\/\/[^\s<>"')\]]+/g)?.find((l) => new URL(l).pathname === path);
  if (!match) throw new Error(`no link to ${path} in:\n${text}`);
  const url = new URL(match);
  return `${url.pathname}${url.search}`;
}

/** The next e-mail to `to` whose subject contains `subject`. */
export function mailTo(smtp: SmtpReceiver, to: string, subject: string, skip = 0) {
  let seen = 0;
  return smtp.waitForMessage((m) => {
    if (!m.envelope.to.includes(to) || !m.subject?.includes(subject)) return false;
    return seen++ >= skip;
  });
}

export const password = 'Secret123!';

/** Signs up through the API, follows the verification link and signs in. */
export async function signUpVerified(
  client: BrowserClient,
  smtp: SmtpReceiver,
  email = uniqueEmail(),
) {
  const signup = await client.post('/api/auth/signup', {
    email,
    password,
    firstname: 'Ada',
    lastname: 'Trader',
  });
  if (signup.statusCode !== 201) throw new Error(`signup answered ${signup.body}`);
  const mail = await mailTo(smtp, email, 'Verify');
  const verify = await client.get(linkTo(mail.text, '/api/auth/verify-email'));
  if (verify.headers.location !== '/verification-successful') {
    throw new Error(`verification went to ${verify.headers.location}`);
  }
  const login = await client.post('/api/auth/login', { email, password });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.body}`);
  return { email };
}
