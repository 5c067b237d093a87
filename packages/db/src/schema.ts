import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  /** The same plan in every billing period shares a family (`ai-detector-basic`); null for free and licence plans. */
  family: text('family'),
  /** Feature lines: their words and the products they promise (`PlanFeatureLine` in @candor/contracts). */
  features: jsonb('features').$type<{ text: string; products?: string[] }[]>().notNull().default(sql`'[]'::jsonb`),
  /** Limits shown with the plan; null means no limit. */
  limits: jsonb('limits')
    .$type<{ maxWordsPerRun: number | null; apiRequestsPerMinute: number | null; maxPagesPerScan?: number | null }>()
    .notNull()
    .default(sql`'{"maxWordsPerRun":null,"apiRequestsPerMinute":null}'::jsonb`),
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
    /** `cancelled`: replaced by another plan before its end; `expired`: ran to its end without renewing. */
    status: text('status', { enum: ['active', 'cancelled', 'expired'] })
      .notNull()
      .default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Start of the current billing period (= startedAt until the first renewal); the allowance resets here. */
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** End of the current period for paid plans, end of the plan for the free plan; null never ends (licences). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Who bills it: none (free plan, licences), the built-in local checkout, or Stripe. */
    provider: text('provider', { enum: ['none', 'local', 'stripe'] })
      .notNull()
      .default('none'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The user cancelled: the plan stays until `expiresAt`, then expires instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.startedAt),
    index('subscriptions_due_idx').on(t.status, t.expiresAt),
    uniqueIndex('subscriptions_provider_subscription_idx').on(t.provider, t.providerSubscriptionId),
  ],
);

/**
 * The three balances of spec §3. Only the ledger (apps/server …/detector/ledger.ts) writes here, each change
 * with a `ledger_entries` row; the checks make an overdraft impossible even for a buggy caller.
 */
export const tokenAccounts = pgTable(
  'token_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenBalance: integer('token_balance').notNull().default(0),
    planBalance: integer('plan_balance').notNull().default(0),
    referralTokenBalance: integer('referral_token_balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('token_accounts_token_balance_check', sql`${t.tokenBalance} >= 0`),
    check('token_accounts_plan_balance_check', sql`${t.planBalance} >= -1`),
    check('token_accounts_referral_balance_check', sql`${t.referralTokenBalance} >= 0`),
  ],
);

export const ledgerReasons = [
  /** The balance an account had when the ledger was introduced. */
  'opening_balance',
  'free_plan',
  /** A plan bought at checkout or switched to: the allowance is set to the plan's tokens. */
  'plan_purchase',
  /** A new billing period: the allowance resets. */
  'plan_renewal',
  /** The plan ended or was replaced: what was left of its allowance goes. */
  'plan_ended',
  'licence',
  'referral',
  'token_packet',
  /** A tool run paid for its work. */
  'charge',
  'admin_adjustment',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/**
 * Append-only: every change of a balance, with what it was after. Replaying the deltas from zero rebuilds
 * `token_accounts` exactly; `npm run ledger:check` proves it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ledgerReasons }).notNull(),
    /** The service a charge paid for. */
    modelName: text('model_name'),
    /** What a charge cost, even on an unlimited plan where no balance moves (token stats count it). */
    tokensCharged: integer('tokens_charged').notNull().default(0),
    planDelta: integer('plan_delta').notNull().default(0),
    referralDelta: integer('referral_delta').notNull().default(0),
    tokenDelta: integer('token_delta').notNull().default(0),
    planAfter: integer('plan_after').notNull(),
    referralAfter: integer('referral_after').notNull(),
    tokenAfter: integer('token_after').notNull(),
    /** What caused it: checkout_session, subscription, history_item, licence_code, referral_credit, … */
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.id),
    index('ledger_entries_user_reason_created_idx').on(t.userId, t.reason, t.createdAt),
  ],
);

/**
 * Tokens set aside for a tool run that has started but not finished. A run's cost is reserved here when it starts
 * (so concurrent runs can't all pass the balance check and then fail at the end), and the hold is deleted in the
 * transaction that charges the run — or when the run fails or is cancelled. Holds never move a balance; one left
 * by a crashed process stops counting at `expires_at`.
 */
export const tokenHolds = pgTable(
  'token_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelName: text('model_name').notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('token_holds_user_expires_idx').on(t.userId, t.expiresAt)],
);

/** One-off purchases of tokens that never expire (`token_balance`). */
export const tokenPackets = pgTable('token_packets', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  tokens: integer('tokens').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; codes are matched case-insensitively. */
    code: text('code').notNull().unique(),
    description: text('description'),
    /** Exactly one of percentOff and amountOffCents is set. */
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    currency: text('currency').notNull().default('usd'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Null: unlimited. Counts completed payments plus open checkouts holding the coupon. */
    maxRedemptions: integer('max_redemptions'),
    maxRedemptionsPerUser: integer('max_redemptions_per_user').default(1),
    /** Plan or token-packet slugs the coupon is for; null: every product. */
    productSlugs: jsonb('product_slugs').$type<string[]>(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'coupons_discount_check',
      sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null) and coalesce(${t.percentOff}, 1) between 1 and 100 and coalesce(${t.amountOffCents}, 1) > 0`,
    ),
  ],
);

/** An order on its way through a payment provider. Fulfilled once, from the provider's confirmed event. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id'),
    kind: text('kind', { enum: ['plan', 'token_packet'] }).notNull(),
    planId: uuid('plan_id').references(() => plans.id),
    tokenPacketId: uuid('token_packet_id').references(() => tokenPackets.id),
    couponId: uuid('coupon_id').references(() => coupons.id),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'completed', 'failed', 'expired'] })
      .notNull()
      .default('open'),
    /** Why the last payment attempt failed (a declined card), shown on the checkout page. */
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_sessions_provider_session_idx').on(t.provider, t.providerSessionId),
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt),
    index('checkout_sessions_coupon_idx').on(t.couponId, t.status),
  ],
);

/** Provider events already applied: the same event twice is applied once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .unique()
      .references(() => checkoutSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);

/** Receipts for every payment: a purchase or a renewal. Shown on the subscription tab. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Printed as INV-000042. */
    number: bigint('number', { mode: 'number' }).notNull().unique().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
  ],
);

/**
 * Provider subscriptions a new plan replaced that the provider must still be told to stop billing (an outbox): written
 * in the transaction that replaces the plan, deleted once the provider accepts, retried with a backoff until then.
 */
export const billingStops = pgTable(
  'billing_stops',
  {
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** Failed attempts so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When it is tried next; pushed ahead while an attempt is under way, so no other instance makes it too. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The last failure's class, status and code: never its message, which may quote the provider's data. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerSubscriptionId] }),
    index('billing_stops_due_idx').on(t.provider, t.nextAttemptAt),
  ],
);

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

/**
 * The key under which texts that differ only in letter case or spacing are one document (the Copyright Detector
 * compares such an earlier text once). The database computes it, so the stored column and a run's own texts agree.
 */
export const contentKeyOf = (text: SQL) => sql<string>`md5(lower(btrim(regexp_replace(${text}, '\\s+', ' ', 'g'))))`;

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
    /**
     * A child's place among the children its run made. They are written in one transaction, so they share
     * `created_at` (the transaction's start): without it they came back in the order of their random ids.
     */
    position: integer('position').notNull().default(0),
    /**
     * contentKeyOf the input's text, null for runs without one. Stored when the row is written: computing it when a
     * run reads 1,000 earlier texts took most of a second (regexp_replace over each).
     */
    contentKey: text('content_key').generatedAlwaysAs(contentKeyOf(sql`input->>'text'`)),
    /** The API key a run was made with (null for the screens'); the name stays when the key is deleted. */
    apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
    apiKeyName: text('api_key_name'),
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

/** Binary columns (PostgreSQL bytea) as Node buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Files a run produced (the Document Redactor's redacted document), stored with its history item. */
export const historyFiles = pgTable(
  'history_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    historyId: uuid('history_id')
      .notNull()
      .references(() => historyItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mediaType: text('media_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('history_files_history_idx').on(t.historyId)],
);

/** Secure LLM chats (governance service). */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    model: text('model').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chats_user_updated_idx').on(t.userId, t.updatedAt)],
);

/**
 * One message of a chat, stored only as the LLM saw it (masked); the values behind its pseudonyms live in the
 * chat's encrypted vault (`pii_vaults`).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    maskedContent: text('masked_content').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    usageEstimated: boolean('usage_estimated').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_chat_created_idx').on(t.chatId, t.createdAt),
    index('chat_messages_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The LLM tokens of one chat reply, and nothing of its content: what the daily allowance (`CHAT_DAILY_TOKENS`) and
 * `my-tokens` count. A row outlives its reply: a stopped or failed reply (whose prompt is deleted) and a deleted chat
 * keep theirs (`chat_id` becomes null), so neither gives the day's tokens back.
 */
export const chatTokenUsage = pgTable(
  'chat_token_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    /** True when the counts are the chars/4 estimate (a stopped reply, a model that reports no usage). */
    estimated: boolean('estimated').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_token_usage_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * The reply being written for a user, if any: a send takes the row in the transaction that checks the daily
 * allowance, and its reply stream gives it back when it ends. So each user has one reply at a time across every
 * server process, and sends made in parallel can't each pass the allowance check. `expires_at` frees a user whose
 * process died mid-reply; `lease_id` keeps a reply that outlived its lease from freeing the next one's row.
 */
export const chatReplyLeases = pgTable('chat_reply_leases', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leaseId: uuid('lease_id').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Pseudonym → value tables, encrypted with AES-256-GCM under a per-user key derived from PII_VAULT_KEY. One row per
 * scope (a chat), so `[PERSON_NAME_1]` means the same person throughout it.
 */
export const piiVaults = pgTable(
  'pii_vaults',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes). */
    sealed: bytea('sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pii_vaults_user_scope_idx').on(t.userId, t.scope)],
);

/**
 * API keys of the public API. Only the SHA-256 of a secret is kept (the secret is 190 random bits, so a plain hash is
 * enough); a deleted key keeps its row, revoked, so History can still name it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret's first characters and last four, to tell keys apart. */
    prefix: text('prefix').notNull(),
    lastFour: text('last_four').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The first answer to each `Idempotency-Key` of a user for 24 hours: a repeat gets it again, a repeat with another
 * body is refused. A row without a status is a request still being answered.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('api_idempotency_keys_expires_idx').on(t.expiresAt)],
);

/** Where an account's finished API jobs are POSTed; one per account. The signing secret is sealed (AES-256-GCM). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secretSealed: bytea('secret_sealed').notNull(),
  secretPrefix: text('secret_prefix').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event sent to an endpoint, with its attempts: the delivery log, and the outbox the dispatcher works through. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    jobId: text('job_id'),
    /** Where it was sent: the endpoint's address at the time. */
    url: text('url').notNull(),
    /** The event as sent (its body is this, serialised). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is tried next; pushed ahead while an attempt is under way, so no other instance makes it too. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_user_created_idx').on(t.userId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
