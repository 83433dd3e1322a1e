import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInTestUser } from '../../test/sessions.ts';

/**
 * CSRF, enumerated from the app itself: every route that changes state (POST, PUT, PATCH,
 * DELETE) refuses a call from another site, unless it is one of the few that take no cookie
 * at all and are authenticated by what the caller sends. A new route that forgets
 * `requireSameOrigin` fails here.
 */

/** State-changing routes a browser's cookie can never authenticate, and what does instead. */
const cookieless: Record<string, string> = {
  'POST /api/webhook/handleWebhook': 'license number in the body (TradingView)',
  'POST /api/ea/poll': 'license number in the body (EA)',
  'POST /api/ea/result': 'license number in the body (EA)',
  'POST /api/orders/report': 'license number in the body (OrderTracker EA)',
  'POST /api/stripe-subscriptions/webhook': 'Stripe-Signature over the raw body',
  'POST /api/contact/': 'public form, no account involved; rate-limited per IP',
  'POST /api/contact': 'public form, no account involved; rate-limited per IP',
};

let t: TestApp;

beforeAll(async () => {
  // Billing configured, so its routes get past "not configured" to their guards; nothing here
  // reaches Stripe (the address refuses connections).
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_csrf',
    STRIPE_WEBHOOK_SECRET: 'whsec_csrf',
    STRIPE_PRICE_BASIC: 'price_basic',
    STRIPE_PRICE_PRO: 'price_pro',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
});
afterAll(() => t.close());

/** `METHOD /path` for every route, read from Fastify's route tree. */
function routesOf(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1] : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]!.split(', ')) found.push(`${method} ${path}`);
  }
  return found;
}

const changesState = (route: string) => /^(POST|PUT|PATCH|DELETE) /.test(route);

/** Calls a route as a signed-in browser would, with a fresh session (logout ends one). */
async function call(route: string, headers: Record<string, string>) {
  const [method, path] = route.split(' ') as [string, string];
  const { cookie } = await signedInTestUser(t);
  return t.app.inject({
    method: method as 'POST',
    url: path.replace(/:[^/]+/g, '1'),
    headers: { cookie, 'content-type': 'application/json', ...headers },
    payload: '{}',
  });
}

describe('CSRF on every cookie-authenticated state change', () => {
  it('finds the routes (the tree parses)', () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toContain('POST /api/auth/login');
    expect(routes).toContain('DELETE /api/orders/:ticket');
    expect(routes.filter(changesState).length).toBeGreaterThan(10);
  });

  it('refuses cross-site and header-less calls on every state-changing route but the cookie-less ones', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(changesState);
    const guarded = routes.filter((r) => !(r in cookieless));
    expect(guarded.length).toBeGreaterThan(5);
    const origin = t.deps.config.publicUrl;
    for (const route of guarded) {
      const crossSite = await call(route, {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      });
      expect(crossSite.statusCode, `${route} from another site`).toBe(403);
      expect(crossSite.json().code, route).toBe('CSRF_REJECTED');
      // Same page, older browser: Origin alone decides.
      const foreignOrigin = await call(route, { origin: 'https://evil.example' });
      expect(foreignOrigin.json().code, `${route} with a foreign Origin`).toBe('CSRF_REJECTED');
      // No Origin, Referer or Fetch Metadata: not a page of ours.
      const bare = await call(route, {});
      expect(bare.json().code, `${route} without Origin`).toBe('CSRF_REJECTED');
      // From the site itself the check passes (whatever the route then says of '{}').
      const own = await call(route, { origin, 'sec-fetch-site': 'same-origin' });
      expect(own.json().code, `${route} from the site`).not.toBe('CSRF_REJECTED');
    }
  });

  it('lets no cookie authenticate the cookie-less routes', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(changesState);
    for (const route of routes.filter((r) => r in cookieless)) {
      const res = await call(route, { origin: t.deps.config.publicUrl });
      // A session cookie and an empty body are not enough to do anything.
      expect(res.statusCode, `${route}: ${cookieless[route]}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, route).toBeLessThan(500);
    }
  });
});
