import {
  deleteHistoryQuerySchema,
  deleteOrderParamsSchema,
  deleteOrderQuerySchema,
  orderHistoryQuerySchema,
  orderStatisticsQuerySchema,
} from '@signalrelay/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  ownerReadRoute,
  requireSameOrigin,
  requireUser,
  signedInOwner,
} from '../../http/auth-guards.ts';
import { createLicenseMisses, refuseGuessing } from '../../http/license-misses.ts';
import { parseInput } from '../../http/validate.ts';
import { createOrderDeletion } from './orders-delete.ts';
import { createOrderHistory } from './orders-history.ts';
import { createOrderReports, ordersLimitMessage } from './orders-report.ts';
import { createOrderStatistics } from './orders-statistics.ts';
import { createOrderTombstones } from './orders-tombstones.ts';

/** 500 rows of a few hundred bytes each, with room for long comments. */
const reportBodyLimit = 512 * 1024;

type Options = { deps: AppDeps; core: Core };

/** `/api/orders/*`: the OrderTracker's reports, and the dashboard's Order History tab. */
export default async function ordersRoutes(app: FastifyInstance, { deps, core }: Options) {
  const db = deps.database.db;
  const { now } = deps;
  const tombstones = createOrderTombstones({ db, now });
  /** Reports naming unknown licenses, per source IP (as on the EA gateway). */
  const misses = createLicenseMisses({ now, log: app.log, route: 'orders report' });
  const reports = createOrderReports({
    db,
    licenses: core.licenses,
    tombstones,
    publishLive: core.publishLive,
    now,
  });
  const history = createOrderHistory({ db, now });
  const statistics = createOrderStatistics({ db, now });
  const deletion = createOrderDeletion({ db, publishLive: core.publishLive, now });

  /**
   * ea/PROTOCOL.md, Orders report: 200 `{accepted}` when every row is good. When some rows
   * are bad the good ones are stored anyway and the reply is 400 naming the first bad row in
   * `message`, with `accepted` and every bad row in `rejected` (index, field, message). New
   * orders past the license's cap: 409 LIMIT_REACHED, the other rows stored.
   */
  app.post('/report', { bodyLimit: reportBodyLimit }, async (request) => {
    const { accepted, rejected, overLimit } = await reports
      .report(request.body)
      .catch((err: unknown) => {
        refuseGuessing(misses, request.ip, err);
        throw err;
      });
    if (overLimit > 0) {
      throw new AppError('LIMIT_REACHED', ordersLimitMessage(overLimit), {
        accepted,
        overLimit,
        rejected,
      });
    }
    if (rejected.length === 0) return { accepted };
    const first = rejected[0]!;
    throw new AppError(
      'BAD_REQUEST',
      `orders[${first.index}].${first.field}: ${first.message}` +
        (rejected.length > 1 ? ` (and ${rejected.length - 1} more bad rows)` : '') +
        `; ${accepted} good rows were stored.`,
      { field: `orders[${first.index}].${first.field}`, accepted, rejected },
    );
  });

  ownerReadRoute(app, '/history', orderHistoryQuerySchema, (user, query) =>
    history.page(user.id, user.productType, query),
  );
  ownerReadRoute(app, '/statistics', orderStatisticsQuerySchema, (user) =>
    statistics.of(user.id, user.productType),
  );

  // The spec's delete calls send `Content-Type: application/json` with no body, which Fastify's
  // JSON parser refuses; inside this plugin an empty JSON body is simply no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: reportBodyLimit },
    (request, body, done) =>
      body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

  const changes = { preHandler: [requireUser, requireSameOrigin] };

  app.delete('/delete-history', changes, async (request) => {
    const query = parseInput(deleteHistoryQuerySchema, request.query);
    const user = signedInOwner(request, query.licenseNumber);
    return { ok: true as const, deleted: await deletion.deleteHistory(user.id) };
  });

  app.delete('/:ticket', changes, async (request) => {
    const { ticket } = parseInput(deleteOrderParamsSchema, request.params);
    const query = parseInput(deleteOrderQuerySchema, request.query);
    const user = signedInOwner(request, query.licenseNumber);
    return { ok: true as const, deleted: await deletion.deleteTicket(user.id, ticket, query) };
  });
}
