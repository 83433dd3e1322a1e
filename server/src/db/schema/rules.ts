import type { Rules } from '@signalrelay/contracts/rules';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.ts';
import { ownerColumn, ownerKeyColumn } from './users.ts';

/**
 * One row per user who saved rules (no row: every rule off). The rules are one document,
 * validated by contracts' `rulesSchema` on the way in; per-account overrides live inside it.
 */
export const accountRules = pgTable('account_rules', {
  userId: ownerKeyColumn(),
  rules: jsonb('rules').$type<Rules>().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Every save that changed something: who, when, the whole document before and after. */
export const ruleChanges = pgTable(
  'rule_changes',
  {
    id: idColumn(),
    userId: ownerColumn(),
    /** The e-mail of who saved, as it was then. */
    changedBy: text('changed_by').notNull(),
    changedAt: at('changed_at').notNull().defaultNow(),
    before: jsonb('before').$type<Rules>().notNull(),
    after: jsonb('after').$type<Rules>().notNull(),
  },
  (t) => [index('rule_changes_user_changed_idx').on(t.userId, t.changedAt)],
);
