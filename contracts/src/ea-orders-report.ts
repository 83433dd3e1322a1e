/**
 * The orders report an EA's OrderTracker posts (ea/PROTOCOL.md, "Orders report"): the
 * account's open and recently closed orders, for the dashboard's Orders and Performance.
 */
import { z } from 'zod';
import {
  digits,
  money,
  price,
  protocolVersionSchema,
  shortText,
  terminalIdentitySchema,
  timeMs,
} from './ea-protocol-values.ts';
import { orderStatuses, orderTypes } from './orders.ts';

export const reportedOrderSchema = z.object({
  ticket: digits,
  symbol: shortText(64).min(1),
  orderType: z.enum(orderTypes),
  lots: z.number().nonnegative().max(1_000_000),
  openPrice: price,
  closePrice: price.optional(),
  stopLoss: price.default(0),
  takeProfit: price.default(0),
  profit: money.default(0),
  commission: money.default(0),
  swap: money.default(0),
  magicNumber: z.number().int().default(0),
  comment: shortText(256).default(''),
  status: z.enum(orderStatuses),
  openTime: timeMs.positive(),
  closeTime: timeMs.optional(),
});
export type ReportedOrder = z.input<typeof reportedOrderSchema>;

export const maxOrdersPerReport = 500;

export const ordersReportSchema = terminalIdentitySchema.extend({
  v: protocolVersionSchema,
  orders: z.array(z.unknown()).max(maxOrdersPerReport),
});

export const ordersReportReplySchema = z.object({ accepted: z.number().int().nonnegative() });

/**
 * Added to v1 (optional to read): a report with bad rows is answered 400 BAD_REQUEST whose
 * `message` names the first bad row (`orders[3].lots: …`). The good rows of that report were
 * stored: `accepted` counts them and `rejected` lists every bad row. Resending the same rows
 * stores nothing new until they are fixed.
 */
export const ordersReportRejectionSchema = z.object({
  code: z.literal('BAD_REQUEST'),
  message: z.string(),
  accepted: z.number().int().nonnegative(),
  rejected: z.array(
    z.object({ index: z.number().int().nonnegative(), field: z.string(), message: z.string() }),
  ),
});
