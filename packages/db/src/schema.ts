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
    purpose: text('purpose', {
      enum: ['verify_account', 'reset_password', 'change_email', 'delete_account'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address a change_email code was sent to; the change takes effect when the code is verified. */
    targetEmail: text('target_email'),
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
    /** Client address at issue, shown in the account's sessions list. */
    ip: text('ip'),
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

/** Accounts at identity providers (OIDC) linked to a user: one row per issuer and subject. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identities_issuer_subject_idx').on(t.issuer, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/** ID tokens already accepted, kept until they expire so a replayed one is refused. */
export const usedIdTokens = pgTable('used_id_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Marketplace licence codes ("AppSumo codes"): only a hash is kept; each code is redeemed once. */
export const licenceCodes = pgTable('licence_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  codeHash: text('code_hash').notNull().unique(),
  tier: integer('tier').notNull(),
  /** Groups the codes one CLI run created. */
  batch: text('batch').notNull(),
  redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Every activation attempt of a user, successful or not, for the account's subscription tab. */
export const licenceActivations = pgTable(
  'licence_activations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last characters of the code the user entered, never the whole code. */
    codeHint: text('code_hint').notNull(),
    outcome: text('outcome', {
      enum: ['activated', 'already_activated', 'used_by_another', 'unknown_code', 'limit_reached'],
    }).notNull(),
    tier: integer('tier'),
    createdAt: createdAt(),
  },
  (t) => [index('licence_activations_user_idx').on(t.userId, t.createdAt)],
);

/** One row per referred e-mail ever credited, so no address earns a referral twice (even after deletion). */
export const referralCredits = pgTable('referral_credits', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** HMAC of the referred user's normalised e-mail: proves "already credited" without keeping the address. */
  refereeEmailHmac: text('referee_email_hmac').notNull().unique(),
  referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
  refereeId: uuid('referee_id').references(() => users.id, { onDelete: 'set null' }),
  referrerTokens: integer('referrer_tokens').notNull(),
  refereeTokens: integer('referee_tokens').notNull(),
  createdAt: createdAt(),
});

export const contactRequests = pgTable('contact_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Deleted with the account: a contact request is personal data. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  phoneNumber: text('phone_number'),
  message: text('message').notNull(),
  appealType: text('appeal_type').notNull(),
  source: text('source'),
  createdAt: createdAt(),
});

/** Why accounts were deleted: the chosen reasons and message, with nothing that identifies the person. */
export const accountDeletionFeedback = pgTable('account_deletion_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  reasonIds: jsonb('reason_ids').$type<number[]>().notNull(),
  message: text('message'),
  createdAt: createdAt(),
});
