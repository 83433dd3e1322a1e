import { alertJsonSchema, alertSchemaPath } from '@signalrelay/contracts/alert-json-schema';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/**
 * `GET /schemas/alert.json`: the alert as JSON Schema, generated from the zod schema the
 * webhook validates with (editors and tools validate alert messages against it). Public,
 * made once; registered without a prefix, before the site's history fallback.
 */
export default async function alertSchemaRoute(
  app: FastifyInstance,
  { deps }: { deps: Pick<AppDeps, 'config'> },
) {
  const body = JSON.stringify(alertJsonSchema(deps.config.publicUrl), null, 2);
  app.get(alertSchemaPath, async (_request, reply) =>
    reply
      .type('application/schema+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(body),
  );
}
