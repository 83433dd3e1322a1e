import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, read once: our policy has nothing per request (no
 * nonces), and building helmet's middleware for every request (as @fastify/helmet does) cost
 * the webhook's hot path more than the rest of its HTTP handling.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers on every response (helmet), with a Content-Security-Policy the built
 * client satisfies: its scripts, styles, fonts and images are files of our own origin, its
 * API calls and live channel go to our origin; nothing inline, no eval, no plugins, and no
 * page may frame ours. The client's own browser test (client/test/csp.test.ts) checks that no
 * page breaks a rule.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = new URL(publicUrl).protocol === 'https:';
  const headers = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style properties through the DOM (allowed); no inline <style> or attribute.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        // 'self' covers the same-origin WebSocket (/api/live) in CSP level 3 browsers.
        connectSrc: ["'self'"],
        // No third-party frames: the product is shown in our own screenshots, not an embedded player.
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Not on plain-http development hosts: it would send the page's requests to https.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // The browser default: same-origin calls keep their full Origin header, which the CSRF
    // check reads (with no-referrer, browsers send `Origin: null` on same-origin POSTs).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; browsers ignore it on http.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
