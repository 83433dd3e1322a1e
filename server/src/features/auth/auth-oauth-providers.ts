import { createHmac } from 'node:crypto';
import type { OAuthProvider } from '@signalrelay/contracts/auth';
import { z } from 'zod';
import type { Config } from '../../config.ts';

export { type OAuthProvider, oauthProviders } from '@signalrelay/contracts/auth';

/** Who the provider says signed in. `emailVerified`: the provider vouches for the address. */
export type OAuthProfile = {
  id: string;
  email: string | null;
  emailVerified: boolean;
  firstname: string;
  lastname: string;
};

type Endpoints = {
  authorizeHost: string;
  authorizePath: string;
  tokenHost: string;
  tokenPath: string;
  userinfo: string;
};

type ProviderSpec = {
  scope: string[];
  /** PKCE where the provider supports it; Facebook's is still "in testing" (notes A2). */
  pkce: 'S256' | undefined;
  endpoints: Endpoints;
  readProfile(accessToken: string, clientSecret: string, userinfo: string): Promise<OAuthProfile>;
};

const profileTimeoutMs = 5000;

async function getJson(url: URL | string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(profileTimeoutMs),
  });
  if (!response.ok) throw new Error(`profile request answered ${response.status}`);
  return response.json();
}

/** OpenID Connect userinfo (https://developers.google.com/identity/openid-connect). */
const googleUser = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/** Graph API `/me` with the fields we ask for. */
const facebookUser = z.object({
  id: z.string().min(1),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

const specs: Record<OAuthProvider, ProviderSpec> = {
  google: {
    scope: ['openid', 'email', 'profile'],
    pkce: 'S256',
    endpoints: {
      authorizeHost: 'https://accounts.google.com',
      authorizePath: '/o/oauth2/v2/auth',
      tokenHost: 'https://oauth2.googleapis.com',
      tokenPath: '/token',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    },
    async readProfile(accessToken, _secret, userinfo) {
      const user = googleUser.parse(await getJson(userinfo, accessToken));
      return {
        id: user.sub,
        email: user.email?.toLowerCase() ?? null,
        emailVerified: user.email_verified === true,
        firstname: user.given_name ?? '',
        lastname: user.family_name ?? '',
      };
    },
  },
  facebook: {
    scope: ['email', 'public_profile'],
    pkce: undefined,
    endpoints: {
      authorizeHost: 'https://www.facebook.com',
      authorizePath: '/v21.0/dialog/oauth',
      tokenHost: 'https://graph.facebook.com',
      tokenPath: '/v21.0/oauth/access_token',
      userinfo: 'https://graph.facebook.com/v21.0/me',
    },
    async readProfile(accessToken, secret, userinfo) {
      const url = new URL(userinfo);
      url.searchParams.set('fields', 'id,email,first_name,last_name');
      // Proves the call comes from our server, as apps with "Require App Secret" demand.
      url.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', secret).update(accessToken).digest('hex'),
      );
      const user = facebookUser.parse(await getJson(url, accessToken));
      return {
        id: user.id,
        email: user.email?.toLowerCase() ?? null,
        // Facebook makes no claim that the address was confirmed, so we do not assume it.
        emailVerified: false,
        firstname: user.first_name ?? '',
        lastname: user.last_name ?? '',
      };
    },
  },
};

/** The same path on another origin (GOOGLE_AUTH_BASE / FACEBOOK_AUTH_BASE). */
function rebase(url: string, base: string | undefined): string {
  return base ? new URL(new URL(url).pathname, new URL(base).origin).toString() : url;
}

export type ConfiguredProvider = Omit<ProviderSpec, 'endpoints'> & {
  name: OAuthProvider;
  clientId: string;
  clientSecret: string;
  endpoints: Endpoints;
};

/** A provider with its keys and endpoints, or null when its client id/secret are not set. */
export function configuredProvider(config: Config, name: OAuthProvider): ConfiguredProvider | null {
  const [clientId, clientSecret, base] =
    name === 'google'
      ? [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_AUTH_BASE]
      : [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET, config.FACEBOOK_AUTH_BASE];
  if (!clientId || !clientSecret) return null;
  const spec = specs[name];
  const { endpoints } = spec;
  return {
    ...spec,
    name,
    clientId,
    clientSecret,
    endpoints: {
      authorizeHost: base ? new URL(base).origin : endpoints.authorizeHost,
      authorizePath: endpoints.authorizePath,
      tokenHost: base ? new URL(base).origin : endpoints.tokenHost,
      tokenPath: endpoints.tokenPath,
      userinfo: rebase(endpoints.userinfo, base),
    },
  };
}
