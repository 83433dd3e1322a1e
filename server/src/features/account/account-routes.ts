import type { FastifyInstance } from 'fastify';
import { createLivePublisher } from '../../core/live-events.ts';
import type { AppDeps } from '../../deps.ts';
import { requireSameOrigin, requireUser, signedInUser } from '../../http/auth-guards.ts';
import { regenerateLicense } from './account-licenses.ts';
import { recordLicenseCopied, setupProgressOf } from './account-setup.ts';

type Options = { deps: AppDeps };

/** /api/account: the signed-in user's own account settings and setup progress. */
export default async function accountRoutes(app: FastifyInstance, { deps }: Options) {
  const { database, now } = deps;
  const publishLive = createLivePublisher(deps.bus, (err) =>
    app.log.warn({ err }, 'bus unavailable'),
  );

  app.post(
    '/license/regenerate',
    { preHandler: [requireSameOrigin, requireUser] },
    async (request) => {
      const user = signedInUser(request);
      const licenseNumber = await regenerateLicense(deps, user.id);
      request.log.info({ userId: user.id }, 'license regenerated');
      return { licenseNumber };
    },
  );

  /** The dashboard's setup checklist: which steps are done. */
  app.get('/setup', { preHandler: [requireUser] }, async (request) =>
    setupProgressOf(database.db, signedInUser(request).id, now()),
  );

  /** A license Copy button was pressed: the checklist's first step. */
  app.post('/license/copied', { preHandler: [requireSameOrigin, requireUser] }, async (request) => {
    const user = signedInUser(request);
    await recordLicenseCopied(database.db, user.id, now());
    publishLive(user.id, { type: 'setup' });
    return setupProgressOf(database.db, user.id, now());
  });
}
