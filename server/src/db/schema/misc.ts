import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, idColumn } from './columns.ts';

/** Stripe event ids already applied: makes webhook processing idempotent. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: at('processed_at').notNull().defaultNow(),
});

export const contactCategories = [
  'technical',
  'billing',
  'installation',
  'trading',
  'general',
  'feedback',
] as const;

export const contactMessages = pgTable('contact_messages', {
  id: idColumn(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  category: text('category', { enum: contactCategories }).notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});
