import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../errors.ts';
import { isSpaRoute } from './spa-routes.ts';

type Options = { clientDist: string };

/**
 * Serves the built React client: hashed assets with long caching, index.html for every client
 * route (history fallback), and JSON 404s under /api so API callers never get HTML.
 */
export default async function siteRoutes(app: FastifyInstance, { clientDist }: Options) {
  const indexFile = path.join(clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  } else {
    app.log.warn({ clientDist }, 'client build not found; run `npm run build` to serve the UI');
  }
  const indexHtml = hasClient ? readFileSync(indexFile, 'utf8') : '';

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (pathname.startsWith('/api/') || pathname === '/api' || !wantsHtml || !hasClient) {
      return reply
        .status(404)
        .send(errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}.`));
    }
    return reply
      .status(isSpaRoute(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}
