import { createHash, randomBytes } from 'node:crypto';
import {
  type LicenceActivationInput,
  type LicenceActivationList,
  type LicenceActivationResult,
  licenceCodePrefix,
  licenceErrorCodes,
  normaliseLicenceCode,
} from '@candor/contracts';
import { AppError } from '../../http/errors.js';
import type { LicencesRepository } from './licences.repository.js';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** `CANDOR-XXXX-XXXX-XXXX-XXXX`: 16 base32 characters, 80 random bits (unbiased: 5 bits from each byte). */
export function generateLicenceCode(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const chars = [...bytes].map((byte) => BASE32[byte & 31]).join('');
  const groups = Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH));
  return [licenceCodePrefix, ...groups].join('-');
}

/**
 * SHA-256 of the normalised code. A plain hash is enough for 80 random bits (no dictionary to try), and it lets the
 * lookup be one indexed equality; the `CANDOR` prefix is part of what is hashed, so it need not be typed.
 */
export function hashLicenceCode(code: string): string {
  let normalised = normaliseLicenceCode(code);
  if (!normalised.startsWith(licenceCodePrefix)) normalised = `${licenceCodePrefix}${normalised}`;
  return createHash('sha256').update(normalised).digest('hex');
}

/** The last 4 characters of what was entered: enough to tell codes apart in a list, useless to an attacker. */
export const licenceCodeHint = (code: string) => normaliseLicenceCode(code).slice(-4).padStart(4, '•');

export interface LicencesServiceDeps {
  repo: LicencesRepository;
  clock: () => Date;
}

export function createLicencesService({ repo, clock }: LicencesServiceDeps) {
  return {
    /**
     * 200 `activated` / `already_activated`; otherwise 404 `unknown_code`, 409 `used_by_another` or 409
     * `limit_reached`. Every attempt is recorded first (see the repository), refused ones included.
     */
    async activate(userId: string, input: LicenceActivationInput): Promise<LicenceActivationResult> {
      const result = await repo.activate({
        userId,
        codeHash: hashLicenceCode(input.appsumo_code),
        codeHint: licenceCodeHint(input.appsumo_code),
        now: clock(),
      });
      switch (result.outcome) {
        case 'unknown_code':
          throw new AppError(
            licenceErrorCodes.unknownCode,
            404,
            'This licence code does not exist. Check it and try again.',
          );
        case 'used_by_another':
          throw new AppError(
            licenceErrorCodes.usedByAnother,
            409,
            'This licence code has already been used by another account.',
          );
        case 'limit_reached':
          throw new AppError(
            licenceErrorCodes.limitReached,
            409,
            `Your account already holds ${result.codesRedeemed} licence codes, the most one account can stack.`,
            { codes_redeemed: result.codesRedeemed, tier: result.tier },
          );
        default: {
          if (!result.plan || result.tier === null) throw new Error('an activation without a plan');
          return {
            outcome: result.outcome,
            tier: result.tier,
            codes_redeemed: result.codesRedeemed,
            plan: { slug: result.plan.slug, name: result.plan.name, tokens: result.plan.tokens },
          };
        }
      }
    },

    async list(userId: string): Promise<LicenceActivationList> {
      const rows = await repo.listActivations(userId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          code_hint: row.codeHint,
          outcome: row.outcome,
          tier: row.tier,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    /** New codes for the CLI: returned once in clear, stored only as hashes. */
    async createCodes(tier: number, count: number, batch: string): Promise<string[]> {
      const codes = new Set<string>();
      while (codes.size < count) codes.add(generateLicenceCode());
      await repo.insertCodes([...codes].map((code) => ({ codeHash: hashLicenceCode(code), tier, batch })));
      return [...codes];
    },
  };
}
export type LicencesService = ReturnType<typeof createLicencesService>;
