import { type LicenceOutcome, MAX_LICENCE_CODES_PER_ACCOUNT, MAX_LICENCE_TIER } from '@candor/contracts';
import { type Database, licenceActivations, licenceCodes, plans, subscriptions, users } from '@candor/db';
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import { setPlanAllowance } from '../detector/ledger.js';

export type LicenceActivationRow = typeof licenceActivations.$inferSelect;
export type LicencePlanRow = Pick<typeof plans.$inferSelect, 'id' | 'slug' | 'name' | 'tokens'>;

export interface ActivationAttempt {
  userId: string;
  codeHash: string;
  codeHint: string;
  now: Date;
}

export interface ActivationOutcome {
  outcome: LicenceOutcome;
  /** The account's licence tier after the attempt (null when it has none). */
  tier: number | null;
  codesRedeemed: number;
  plan: LicencePlanRow | null;
}

export interface NewLicenceCode {
  codeHash: string;
  tier: number;
  batch: string;
}

/** Stacking (docs/product-decisions.md): the highest tier redeemed plus one per extra code, at most tier 3. */
export const stackedTier = (highestTier: number, codes: number) =>
  Math.min(MAX_LICENCE_TIER, highestTier + Math.max(0, codes - 1));

export const licencePlanSlug = (tier: number) => `licence-tier-${tier}`;

export function createLicencesRepository(db: Database) {
  return {
    /**
     * One attempt, in one transaction: the user's row is locked (so one user's attempts run one after another), the
     * code's row is locked (so two users racing for it are served one after the other: exactly one wins), and the
     * attempt is recorded whatever its outcome.
     */
    async activate(attempt: ActivationAttempt): Promise<ActivationOutcome> {
      const { userId, codeHash, codeHint, now } = attempt;
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [code] = await tx.select().from(licenceCodes).where(eq(licenceCodes.codeHash, codeHash)).for('update');
        const [held] = await tx
          .select({ codes: count(), highest: max(licenceCodes.tier) })
          .from(licenceCodes)
          .where(eq(licenceCodes.redeemedBy, userId));
        const codesBefore = held?.codes ?? 0;
        const tierBefore = codesBefore > 0 ? stackedTier(held?.highest ?? 1, codesBefore) : null;

        let result: ActivationOutcome;
        if (!code) {
          result = { outcome: 'unknown_code', tier: tierBefore, codesRedeemed: codesBefore, plan: null };
        } else if (code.redeemedAt) {
          const mine = code.redeemedBy === userId;
          result = {
            outcome: mine ? 'already_activated' : 'used_by_another',
            tier: tierBefore,
            codesRedeemed: codesBefore,
            plan: mine && tierBefore ? await planOfTier(tx, tierBefore) : null,
          };
        } else if (codesBefore >= MAX_LICENCE_CODES_PER_ACCOUNT) {
          result = { outcome: 'limit_reached', tier: tierBefore, codesRedeemed: codesBefore, plan: null };
        } else {
          await tx
            .update(licenceCodes)
            .set({ redeemedBy: userId, redeemedAt: now })
            .where(and(eq(licenceCodes.id, code.id), isNull(licenceCodes.redeemedAt)));
          const codesRedeemed = codesBefore + 1;
          const tier = stackedTier(Math.max(held?.highest ?? 0, code.tier), codesRedeemed);
          const plan = await planOfTier(tx, tier);
          const [current] = await tx
            .select({ planId: subscriptions.planId })
            .from(subscriptions)
            .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
            .orderBy(desc(subscriptions.startedAt), desc(subscriptions.id))
            .limit(1);
          if (current?.planId !== plan.id) {
            // The licence replaces whatever plan was running (the free plan, usually): it ends now.
            await tx
              .update(subscriptions)
              .set({ status: 'cancelled', expiresAt: now })
              .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
            await tx
              .insert(subscriptions)
              .values({ userId, planId: plan.id, startedAt: now, currentPeriodStart: now, expiresAt: null });
            await setPlanAllowance(tx, {
              userId,
              tokens: plan.tokens,
              reason: 'licence',
              reference: { type: 'licence_code', id: code.id },
              now,
            });
          }
          result = { outcome: 'activated', tier, codesRedeemed, plan };
        }
        const successful = result.outcome === 'activated' || result.outcome === 'already_activated';
        await tx.insert(licenceActivations).values({
          userId,
          codeHint,
          outcome: result.outcome,
          tier: successful ? result.tier : null,
          createdAt: now,
        });
        return result;
      });
    },

    async listActivations(userId: string, limit = 50): Promise<LicenceActivationRow[]> {
      return db
        .select()
        .from(licenceActivations)
        .where(eq(licenceActivations.userId, userId))
        .orderBy(desc(licenceActivations.createdAt), desc(licenceActivations.id))
        .limit(limit);
    },

    /** Inserts a batch of hashed codes at once (all or nothing). */
    async insertCodes(codes: NewLicenceCode[]): Promise<void> {
      if (codes.length === 0) return;
      await db.transaction(async (tx) => {
        for (let i = 0; i < codes.length; i += 500) await tx.insert(licenceCodes).values(codes.slice(i, i + 500));
      });
    },

    /** Counts per batch and tier, redeemed or not: never the codes (only their hashes are stored anyway). */
    async batchSummary() {
      return db
        .select({
          batch: licenceCodes.batch,
          tier: licenceCodes.tier,
          total: count(),
          redeemed: count(licenceCodes.redeemedAt),
          createdAt: sql<Date>`min(${licenceCodes.createdAt})`.mapWith((v) => new Date(v)),
        })
        .from(licenceCodes)
        .groupBy(licenceCodes.batch, licenceCodes.tier)
        .orderBy(sql`min(${licenceCodes.createdAt})`, licenceCodes.batch, licenceCodes.tier);
    },
  };
}
export type LicencesRepository = ReturnType<typeof createLicencesRepository>;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function planOfTier(tx: Tx, tier: number): Promise<LicencePlanRow> {
  const [plan] = await tx
    .select({ id: plans.id, slug: plans.slug, name: plans.name, tokens: plans.tokens })
    .from(plans)
    .where(eq(plans.slug, licencePlanSlug(tier)))
    .limit(1);
  if (!plan) throw new Error(`the plan ${licencePlanSlug(tier)} is missing: was the database seeded?`);
  return plan;
}
