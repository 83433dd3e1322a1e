import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake provider says about the person who consents. */
export type FakeIdentity = {
  id: string;
  email?: string;
  emailVerified?: boolean;
  firstname?: string;
  lastname?: string;
};

type Grant = {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  identity: FakeIdentity;
};

const clients = {
  google: { id: 'google-client', secret: 'google-secret' },
  facebook: { id: 'facebook-client', secret: 'facebook-secret' },
};

/**
 * A tiny OAuth 2.0 provider speaking Google's and Facebook's paths: the authorize endpoint
 * (consents at once as `next.identity`, or refuses when `next.deny` is set), the token
 * endpoint (checks client credentials, redirect URI and the PKCE verifier, codes single-use)
 * and the profile endpoints (OpenID userinfo, Graph `/me` with `appsecret_proof`).
 */
export async function startFakeOAuthProvider() {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<
    string,
    { provider: keyof typeof clients; identity: FakeIdentity }
  >();
  const next: { identity: FakeIdentity; deny: boolean; failToken: boolean } = {
    identity: { id: 'nobody' },
    deny: false,
    failToken: false,
  };
  const log: { path: string; params: Record<string, string> }[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    return Object.fromEntries(new URLSearchParams(raw));
  }

  function authorize(url: URL, res: ServerResponse, provider: keyof typeof clients) {
    const q = Object.fromEntries(url.searchParams);
    const redirect = new URL(q.redirect_uri!);
    redirect.searchParams.set('state', q.state ?? '');
    if (q.client_id !== clients[provider].id || q.response_type !== 'code') {
      redirect.searchParams.set('error', 'invalid_request');
    } else if (next.deny) {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        clientId: q.client_id,
        redirectUri: q.redirect_uri!,
        challenge: q.code_challenge_method === 'S256' ? (q.code_challenge ?? null) : null,
        identity: next.identity,
      });
      redirect.searchParams.set('code', code);
    }
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse, provider: keyof typeof clients) {
    const form = await readForm(req);
    log.push({ path: 'token', params: form });
    if (next.failToken) return send(res, 500, { error: 'server_error' });
    const grant = grants.get(form.code ?? '');
    grants.delete(form.code ?? '');
    const client = clients[provider];
    const verifierOk =
      grant?.challenge === null ||
      (form.code_verifier !== undefined &&
        createHash('sha256').update(form.code_verifier).digest('base64url') === grant?.challenge);
    if (
      !grant ||
      form.client_id !== client.id ||
      form.client_secret !== client.secret ||
      form.redirect_uri !== grant.redirectUri ||
      !verifierOk
    ) {
      return send(res, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, { provider, identity: grant.identity });
    return send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
  }

  function profile(
    req: IncomingMessage,
    url: URL,
    res: ServerResponse,
    provider: 'google' | 'facebook',
  ) {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const session = accessTokens.get(bearer);
    log.push({ path: `${provider}-profile`, params: Object.fromEntries(url.searchParams) });
    if (!session || session.provider !== provider)
      return send(res, 401, { error: 'invalid_token' });
    const who = session.identity;
    if (provider === 'google') {
      return send(res, 200, {
        sub: who.id,
        ...(who.email !== undefined ? { email: who.email, email_verified: who.emailVerified } : {}),
        given_name: who.firstname,
        family_name: who.lastname,
      });
    }
    const proof = createHmac('sha256', clients.facebook.secret).update(bearer).digest('hex');
    if (url.searchParams.get('appsecret_proof') !== proof) {
      return send(res, 400, { error: { message: 'Invalid appsecret_proof' } });
    }
    return send(res, 200, {
      id: who.id,
      ...(who.email !== undefined ? { email: who.email } : {}),
      first_name: who.firstname,
      last_name: who.lastname,
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /o/oauth2/v2/auth':
        return authorize(url, res, 'google');
      case 'GET /v21.0/dialog/oauth':
        return authorize(url, res, 'facebook');
      case 'POST /token':
        return void token(req, res, 'google');
      case 'POST /v21.0/oauth/access_token':
        return void token(req, res, 'facebook');
      case 'GET /v1/userinfo':
        return profile(req, url, res, 'google');
      case 'GET /v21.0/me':
        return profile(req, url, res, 'facebook');
      default:
        return send(res, 404, { error: `no route ${route}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    next,
    log,
    /** Config for an app that signs in through this fake. */
    config: {
      GOOGLE_CLIENT_ID: clients.google.id,
      GOOGLE_CLIENT_SECRET: clients.google.secret,
      GOOGLE_AUTH_BASE: url,
      FACEBOOK_CLIENT_ID: clients.facebook.id,
      FACEBOOK_CLIENT_SECRET: clients.facebook.secret,
      FACEBOOK_AUTH_BASE: url,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeOAuthProvider = Awaited<ReturnType<typeof startFakeOAuthProvider>>;
