import { createHmac } from 'node:crypto';
import type { ReferralSummary } from '@candor/contracts';
import type { Database } from '@candor/db';
import type { FastifyBaseLogger } from 'fastify';
import type { ReferralsRepository } from './referrals.repository.js';
import { normaliseEmail } from './users.service.js';

export interface ReferralsServiceDeps {
  repo: ReferralsRepository;
  /** Keys the referee e-mail HMAC (the server's secret). */
  hmacKey: string;
  referrerTokens: number;
  refereeTokens: number;
  clock: () => Date;
  log: FastifyBaseLogger;
}

export function createReferralsService(deps: ReferralsServiceDeps) {
  const { repo, referrerTokens, refereeTokens } = deps;
  /** Proves "this address was credited already" without keeping the address once its account is gone. */
  const emailHmac = (email: string) =>
    createHmac('sha256', deps.hmacKey)
      .update(`referral:${normaliseEmail(email)}`)
      .digest('hex');

  return {
    emailHmac,

    /**
     * Called when an account has just been verified (verify-account, or a password reset that verified it). Credits
     * the referrer and the referee once per referee e-mail ever; never throws, so a referral problem can't undo a
     * verification that succeeded.
     */
    async creditOnVerification(user: { id: string; email: string }, within?: Database): Promise<boolean> {
      try {
        const result = await repo.creditReferral(
          {
            refereeId: user.id,
            refereeEmailHmac: emailHmac(user.email),
            referrerTokens,
            refereeTokens,
            now: deps.clock(),
          },
          within,
        );
        if (result.credited) deps.log.info({ referrerId: result.referrerId, refereeId: user.id }, 'referral credited');
        return result.credited;
      } catch (err) {
        deps.log.error({ err, userId: user.id }, 'crediting a referral failed');
        return false;
      }
    },

    async summary(user: { id: string; referralCode: string }): Promise<ReferralSummary> {
      const totals = await repo.referrerTotals(user.id);
      return {
        referral_code: user.referralCode,
        referrer_tokens: referrerTokens,
        referee_tokens: refereeTokens,
        credited_referrals: totals.referrals,
        tokens_earned: totals.tokens,
      };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
