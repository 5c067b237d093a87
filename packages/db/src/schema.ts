import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  /** Stored lower-cased; the unique index makes one account per address. */
  email: text('email').notNull().unique(),
  username: text('username').notNull().unique(),
  /** Null for accounts created through an identity provider. */
  passwordHash: text('password_hash'),
  category: text('category'),
  isVerified: boolean('is_verified').notNull().default(false),
  referralCode: text('referral_code').notNull().unique(),
  /** The referral code this user signed up with, if any. */
  referredByCode: text('referred_by_code'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes sent by e-mail. Only a hash is kept; a code is spent or expires. */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_account', 'reset_password'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_otps_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Refresh tokens: `id` is the JWT's jti; a rotation links the family, reuse revokes it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  tab: text('tab', { enum: ['free', 'ai-detector', 'stealth-ai', 'api-agent'] }).notNull(),
  period: text('period', { enum: ['none', 'monthly', 'yearly'] }).notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  /** Tokens granted per period; -1 is unlimited. */
  tokens: integer('tokens').notNull(),
  /** How long the plan lasts from its start when it has no billing period (the free plan). */
  durationDays: integer('duration_days'),
  features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['active', 'cancelled', 'expired'] })
      .notNull()
      .default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.startedAt)],
);

/** The three balances of spec §3; the ledger that moves them arrives with the payments issue. */
export const tokenAccounts = pgTable('token_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenBalance: integer('token_balance').notNull().default(0),
  planBalance: integer('plan_balance').notNull().default(0),
  referralTokenBalance: integer('referral_token_balance').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const modelCoefficients = pgTable('model_coefficients', {
  modelName: text('model_name').primaryKey(),
  coefficient: doublePrecision('coefficient').notNull(),
  /** What one unit is: word, second, page, request. */
  unit: text('unit').notNull(),
});

export const cancellationReasons = pgTable(
  'cancellation_reasons',
  {
    id: integer('id').primaryKey(),
    source: text('source').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('cancellation_reasons_source_label_idx').on(t.source, t.label)],
);

export const historyItems = pgTable(
  'history_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => historyItems.id, { onDelete: 'cascade' }),
    modelName: text('model_name').notNull(),
    title: text('title').notNull(),
    input: jsonb('input'),
    result: jsonb('result'),
    cost: integer('cost').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('history_items_user_created_idx').on(t.userId, t.createdAt),
    index('history_items_parent_idx').on(t.parentId),
  ],
);
