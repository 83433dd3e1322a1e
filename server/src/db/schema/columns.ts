import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** UUIDv7 primary key: time-ordered, so inserts stay local in the index. */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => at('created_at').notNull().defaultNow();
