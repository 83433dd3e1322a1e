import { quotaTimeZone } from '@signalrelay/contracts/quota-day';
import { sql } from 'drizzle-orm';

/**
 * The quota day's zone as an SQL literal, for grouping rows by New York day in the database
 * (a literal, not a parameter, so the same expression can stand in SELECT and GROUP BY).
 */
export const quotaZoneSql = sql.raw(`'${quotaTimeZone}'`);
