import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { requireSameOrigin, requireUser, signedInUser } from '../../http/auth-guards.ts';
import { regenerateLicense } from './account-licenses.ts';

type Options = { deps: AppDeps };

/** /api/account: the signed-in user's own account settings. */
export default async function accountRoutes(app: FastifyInstance, { deps }: Options) {
  app.post(
    '/license/regenerate',
    { preHandler: [requireSameOrigin, requireUser] },
    async (request) => {
      const user = signedInUser(request);
      const licenseNumber = await regenerateLicense(deps, user.id);
      request.log.info({ userId: user.id }, 'licence regenerated');
      return { licenseNumber };
    },
  );
}
