import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Where the optional demo video (client VITE_DEMO_VIDEO_URL) may be embedded from. */
const videoHosts = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
];

/**
 * Security headers on every response (@fastify/helmet), with a Content-Security-Policy the
 * built client satisfies: its scripts, styles, fonts and images are files of our own origin,
 * its API calls and live channel go to our origin; nothing inline, no eval, no plugins, and
 * no page may frame ours. The client's own browser test (client/test/csp.test.ts) checks that
 * no page breaks a rule.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = new URL(publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
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
        frameSrc: ["'self'", ...videoHosts],
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
}
