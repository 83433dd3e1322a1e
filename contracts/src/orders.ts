import { z } from 'zod';

/**
 * Order History contracts (spec sections 3, 7 and 9): the query parameters of
 * `/api/orders/*`, and the shapes the dashboard reads. Imports only zod, so the client
 * imports this file too.
 */

export const orderPlatforms = ['mt4', 'mt5'] as const;
export const orderTypes = ['buy', 'sell', 'buylimit', 'selllimit', 'buystop', 'sellstop'] as const;
export const orderStatuses = ['open', 'closed'] as const;
export const orderPeriods = ['all', '24h', '7d', '30d'] as const;
export const orderSortFields = [
  'openTime',
  'closeTime',
  'profit',
  'symbol',
  'ticket',
  'lots',
] as const;
export const orderPageSizes = [10, 25, 50, 100] as const;
export const defaultOrderPageSize = 100;

export type OrderPeriod = (typeof orderPeriods)[number];
export type OrderSortField = (typeof orderSortFields)[number];

const licenseNumber = z.string({ error: 'is required' }).trim().min(1, 'is required').max(128);
/** Tickets and accounts are strings of digits (ea/PROTOCOL.md), 64-bit safe. */
const digits = z.string().regex(/^\d{1,20}$/, 'must be a string of digits');

export const orderHistoryQuerySchema = z.object({
  licenseNumber,
  status: z.enum(['all', ...orderStatuses]).default('all'),
  platform: z.enum(['all', ...orderPlatforms]).default('all'),
  orderType: z.enum(['all', ...orderTypes]).default('all'),
  period: z.enum(orderPeriods).default('all'),
  sortBy: z.enum(orderSortFields).default('openTime'),
  sortOrder: z.enum(['desc', 'asc']).default('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (orderPageSizes as readonly number[]).includes(n), 'must be 10, 25, 50 or 100')
    .default(defaultOrderPageSize),
});
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuerySchema>;

export const orderStatisticsQuerySchema = z.object({ licenseNumber });

/** `DELETE /api/orders/delete-history`: the license is optional (the session names the user). */
export const deleteHistoryQuerySchema = z.object({ licenseNumber: licenseNumber.optional() });

/**
 * `DELETE /api/orders/{ticket}`: a ticket is unique per platform and account only, so the
 * dashboard also sends the row's platform and account; without them every order of the
 * user with that ticket is deleted.
 */
export const deleteOrderParamsSchema = z.object({ ticket: digits });
export const deleteOrderQuerySchema = z.object({
  licenseNumber: licenseNumber.optional(),
  platform: z.enum(orderPlatforms).optional(),
  account: digits.optional(),
});

/** One order as the dashboard reads it (spec section 3, plus account and broker). */
export const orderViewSchema = z.object({
  _id: z.string(),
  ticket: z.string(),
  symbol: z.string(),
  platform: z.enum(orderPlatforms),
  account: z.string(),
  broker: z.string(),
  orderType: z.enum(orderTypes),
  lots: z.number(),
  openPrice: z.number(),
  /** null while open. */
  closePrice: z.number().nullable(),
  /** 0 = none. */
  stopLoss: z.number(),
  takeProfit: z.number(),
  profit: z.number(),
  commission: z.number(),
  swap: z.number(),
  magicNumber: z.number(),
  comment: z.string(),
  status: z.enum(orderStatuses),
  /** ISO 8601. */
  openTime: z.string(),
  closeTime: z.string().nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderHistoryReplySchema = z.object({
  orders: z.array(orderViewSchema),
  /** Orders matching the filters, over every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The plan's window in days (null: unlimited), so the tab can say so. */
  historyDays: z.number().nullable(),
});
export type OrderHistoryReply = z.infer<typeof orderHistoryReplySchema>;

/**
 * The statistics object. A trade is a buy or sell row (a filled position); pending order rows
 * are not trades. Money figures are realised: closed trades only, rounded to cents; a trade's
 * net is profit + commission + swap, and it wins when its net is above 0.
 */
export const orderStatisticsSchema = z.object({
  // The spec's fields
  totalTrades: z.number(),
  /** Percent of closed trades that won (open trades excluded); 0 without closed trades. */
  winRate: z.number(),
  winningTrades: z.number(),
  losingTrades: z.number(),
  totalProfit: z.number(),
  totalCommission: z.number(),
  totalSwap: z.number(),
  netProfit: z.number(),
  openTrades: z.number(),
  // Beyond the spec
  closedTrades: z.number(),
  grossProfit: z.number(),
  grossLoss: z.number(),
  /** Gross profit / |gross loss|; null when there is no loss to divide by. */
  profitFactor: z.number().nullable(),
  /** Average net per closed trade. */
  expectancy: z.number(),
  /** Largest fall from a peak of the closed-trade equity curve (starting at 0), as a positive amount. */
  maxDrawdown: z.number(),
  /** Cumulative net after closed trades by close time; at most `maxEquityPoints` points. */
  equityCurve: z.array(z.object({ time: z.string(), equity: z.number() })),
  /** Net P/L per New York calendar day of close. */
  dailyPnl: z.array(z.object({ day: z.string(), net: z.number(), trades: z.number() })),
  historyDays: z.number().nullable(),
});
export type OrderStatistics = z.infer<typeof orderStatisticsSchema>;

export const maxEquityPoints = 500;

export const deleteReplySchema = z.object({ ok: z.literal(true), deleted: z.number() });
