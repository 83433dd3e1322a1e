import { type Rules, type RulesView, rulesSchema } from '@signalrelay/contracts/rules';
import type { FastifyInstance } from 'fastify';
import { requireSameOrigin, requireUser, signedInUser } from '../../http/auth-guards.ts';
import { parseInput } from '../../http/validate.ts';
import type { RulesBook } from './rules-book.ts';
import { changeView } from './rules-changes.ts';

type Options = { rules: RulesBook };

/**
 * /api/rules: the signed-in user's account rules (GET, PUT) and, with them, the log of their
 * changes. A save reaches intake and the user's EAs at once (rules-book.ts).
 */
export default async function rulesRoutes(app: FastifyInstance, { rules }: Options) {
  async function view(userId: string, current: Rules): Promise<RulesView> {
    return { rules: current, changes: (await rules.changes(userId)).map(changeView) };
  }

  app.get('/', { preHandler: [requireUser] }, async (request) => {
    const user = signedInUser(request);
    return view(user.id, await rules.get(user.id));
  });

  app.put('/', { preHandler: [requireSameOrigin, requireUser] }, async (request) => {
    const user = signedInUser(request);
    const input = parseInput(rulesSchema, request.body);
    if (await rules.save(user.id, user.email, input)) {
      request.log.info({ userId: user.id }, 'account rules saved');
    }
    return view(user.id, input);
  });
}
