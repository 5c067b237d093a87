import { type Database, referralCredits, users } from '@candor/db';
import { and, count, eq, sum } from 'drizzle-orm';
import { credit } from '../detector/ledger.js';

export interface ReferralCreditInput {
  refereeId: string;
  /** HMAC of the referee's normalised e-mail. */
  refereeEmailHmac: string;
  referrerTokens: number;
  refereeTokens: number;
  now: Date;
}

export type ReferralCreditResult =
  | { credited: true; referrerId: string }
  | { credited: false; reason: 'no_code' | 'unknown_code' | 'self' | 'already_credited' | 'unverified' };

export function createReferralsRepository(db: Database) {
  return {
    /**
     * Credits both sides once, in one transaction: the referral_credits row (unique per referee e-mail HMAC) is
     * inserted first, so a second verification, a re-created account or a concurrent call credits nothing.
     */
    /** `within`: the caller's transaction, so the credit commits with the verification that earned it. */
    async creditReferral(input: ReferralCreditInput, within: Database = db): Promise<ReferralCreditResult> {
      return within.transaction(async (tx) => {
        const [referee] = await tx.select().from(users).where(eq(users.id, input.refereeId)).for('update');
        if (!referee?.isVerified) return { credited: false, reason: 'unverified' };
        const code = referee.referredByCode?.trim().toUpperCase();
        if (!code) return { credited: false, reason: 'no_code' };
        const [referrer] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.referralCode, code))
          .limit(1);
        if (!referrer) return { credited: false, reason: 'unknown_code' };
        if (referrer.id === referee.id || referrer.email === referee.email) return { credited: false, reason: 'self' };
        const inserted = await tx
          .insert(referralCredits)
          .values({
            refereeEmailHmac: input.refereeEmailHmac,
            referrerId: referrer.id,
            refereeId: referee.id,
            referrerTokens: input.referrerTokens,
            refereeTokens: input.refereeTokens,
            createdAt: input.now,
          })
          .onConflictDoNothing({ target: referralCredits.refereeEmailHmac })
          .returning({ id: referralCredits.id });
        if (inserted.length === 0) return { credited: false, reason: 'already_credited' };
        const [creditRow] = inserted;
        for (const [userId, tokens] of [
          [referrer.id, input.referrerTokens],
          [referee.id, input.refereeTokens],
        ] as const) {
          await credit(tx, {
            userId,
            bucket: 'referral',
            amount: tokens,
            reason: 'referral',
            reference: creditRow && { type: 'referral_credit', id: creditRow.id },
            now: input.now,
          });
        }
        return { credited: true, referrerId: referrer.id };
      });
    },

    /** How many referees this user brought in and the tokens they earned for it. */
    async referrerTotals(userId: string): Promise<{ referrals: number; tokens: number }> {
      const [row] = await db
        .select({ referrals: count(), tokens: sum(referralCredits.referrerTokens).mapWith(Number) })
        .from(referralCredits)
        .where(and(eq(referralCredits.referrerId, userId)));
      return { referrals: row?.referrals ?? 0, tokens: row?.tokens ?? 0 };
    },
  };
}
export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
