import { plans } from '@signalrelay/contracts/billing';
import { boolean, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, idColumn } from './columns.ts';

// The plan names are part of the API (contracts); the column holds one of them.
export { type Plan, plans } from '@signalrelay/contracts/billing';

export const users = pgTable('users', {
  id: idColumn(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  /** argon2id; null for accounts created through Google/Facebook only. */
  passwordHash: text('password_hash'),
  firstname: text('firstname').notNull().default(''),
  lastname: text('lastname').notNull().default(''),
  verified: boolean('verified').notNull().default(false),
  /** Shown to its owner in the dashboard; looked up by licenseHash only. */
  licenseNumber: text('license_number').notNull(),
  licenseHash: text('license_hash').notNull().unique(),
  productType: text('product_type', { enum: plans }).notNull().default('free'),
  subscriptionStatus: text('subscription_status'),
  subscriptionExpiration: at('subscription_expiration'),
  isTrialing: boolean('is_trialing').notNull().default(false),
  trialEndDate: at('trial_end_date'),
  subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end')
    .notNull()
    .default(false),
  stripeSubscriptionId: text('stripe_subscription_id'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  /** When the subscription columns were last copied from Stripe (features/billing). */
  stripeSnapshotAt: at('stripe_snapshot_at'),
  /** When the owner first pressed Copy beside their license number (the setup checklist). */
  licenseCopiedAt: at('license_copied_at'),
  /**
   * When every setup step was first done: from then on the checklist stays gone, even after
   * the signals that ticked it are deleted or a terminal is removed.
   */
  setupCompletedAt: at('setup_completed_at'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The owning user's id: the row goes when the user does. */
export const ownerColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The owning user's id as the key of a one-row-per-user table. */
export const ownerKeyColumn = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable('sessions', {
  /** SHA-256 of the cookie value; the raw id is never stored. */
  idHash: text('id_hash').primaryKey(),
  userId: ownerColumn(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  userAgent: text('user_agent'),
});

export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: ownerColumn(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] })],
);

export const emailTokens = pgTable('email_tokens', {
  /** SHA-256 of the token sent by e-mail. */
  tokenHash: text('token_hash').primaryKey(),
  userId: ownerColumn(),
  purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});
