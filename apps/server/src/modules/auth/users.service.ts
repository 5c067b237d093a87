import { randomBytes } from 'node:crypto';
import {
  errorCodes,
  type ForgotPasswordRequest,
  type OtpSent,
  type ResetPasswordInput,
  type SigninInput,
  type SignupInput,
  type UserInfo,
  type VerifyAccountInput,
} from '@candor/contracts';
import { AppError } from '../../http/errors.js';
import type { IssuedSession } from '../../http/session.js';
import { accountExistsNotice } from '../../mail/account-templates.js';
import type { OtpService } from './otp.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { ReferralsService } from './referrals.service.js';
import type { SessionService } from './sessions.service.js';
import {
  type AlsoInTransaction,
  DuplicateUserError,
  type NewAccount,
  type UserRow,
  type UsersRepository,
} from './users.repository.js';

export interface UsersServiceDeps {
  users: UsersRepository;
  otp: OtpService;
  sessions: SessionService;
  clock: () => Date;
  /** Where the "you already have an account" e-mail sends its reader (absent in unit tests: a relative link). */
  publicUrl?: string;
  /** Credits a referral when an account becomes verified (absent: no referral programme). */
  referrals?: Pick<ReferralsService, 'creditOnVerification'>;
}

export const toUserInfo = (user: UserRow): UserInfo => ({
  id: user.id,
  full_name: user.fullName,
  email: user.email,
  username: user.username,
  category: user.category,
  is_verified: user.isVerified,
  referral_code: user.referralCode,
  created_at: user.createdAt.toISOString(),
});

/** Addresses are compared lower-cased and trimmed; the schema already trims. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 8 characters of RFC 4648 base32: 40 random bits. */
export function newReferralCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 7; i >= 0; i--) code += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** A username from the address's local part: lower-case, [a-z0-9._-], 3 to 24 characters. */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+/, '')
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `${cleaned}user`.slice(0, 24).padEnd(3, '0');
}

const invalidCredentials = () =>
  new AppError(errorCodes.invalidCredentials, 401, 'Incorrect email/username or password');

export function createUsersService(deps: UsersServiceDeps) {
  const { users, otp, sessions, clock } = deps;

  async function freeUsername(email: string): Promise<string> {
    const base = usernameBase(email);
    const taken = await users.usernamesLike(base);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  }

  /** Credits the referral a newly verified account earned, inside the transaction that verified it. */
  const creditReferral: AlsoInTransaction = (tx, user) =>
    deps.referrals?.creditOnVerification(user, tx) ?? Promise.resolve();

  async function createAccount(
    input: Pick<SignupInput, 'full_name' | 'referrer_id'>,
    email: string,
    passwordHash: string | null,
    identity?: NewAccount['identity'],
    within?: AlsoInTransaction,
  ): Promise<UserRow> {
    // Unique values can be taken between our check and the insert; a few retries settle it.
    for (let attempt = 0; ; attempt++) {
      const username =
        attempt === 0
          ? await freeUsername(email)
          : `${usernameBase(email).slice(0, 18)}${randomBytes(3).readUIntBE(0, 3)}`;
      try {
        return await users.createWithFreePlan(
          {
            fullName: input.full_name,
            email,
            username,
            passwordHash,
            referralCode: newReferralCode(),
            referredByCode: input.referrer_id || null,
            now: clock(),
            ...(identity ? { identity } : {}),
          },
          within,
        );
      } catch (error) {
        if (!(error instanceof DuplicateUserError) || error.field === 'email' || attempt >= 4) throw error;
      }
    }
  }

  /** A sign-up with an address that has an account: its owner is told by e-mail, the answer is a new sign-up's. */
  async function existingAccount(user: UserRow): Promise<OtpSent> {
    const { retryAfter } = await otp.sendIfAllowed(
      { id: user.id, email: user.email, fullName: user.fullName },
      'verify_account',
      accountExistsNotice({ to: user.email, fullName: user.fullName, publicUrl: deps.publicUrl ?? '' }),
    );
    return otp.sentBody(user.email, retryAfter);
  }

  async function userByIdentifier(identifier: string): Promise<UserRow | undefined> {
    const key = identifier.trim().toLowerCase();
    return key.includes('@') ? users.findByEmail(key) : users.findByUsername(key);
  }

  return {
    /**
     * 201: a code is on its way (or, for a pending account in its cool-down, the earlier one still works). An address
     * that already has an account gets the same answer, and its mailbox an e-mail saying so instead of a code: the
     * answer never tells whether an address has an account (docs/product-decisions.md, account enumeration).
     */
    async signup(input: SignupInput): Promise<OtpSent> {
      const email = normaliseEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      let user = await users.findByEmail(email);
      if (user?.isVerified) return existingAccount(user);
      if (user) {
        await users.updatePending(user.id, { fullName: input.full_name, passwordHash, now: clock() });
      } else {
        try {
          user = await createAccount(input, email, passwordHash);
        } catch (error) {
          // Someone signed up with the same address a moment ago: answer as if it existed before.
          if (!(error instanceof DuplicateUserError && error.field === 'email')) throw error;
          user = await users.findByEmail(email);
          if (!user) throw error;
          if (user.isVerified) return existingAccount(user);
        }
      }
      const { retryAfter } = await otp.sendIfAllowed(
        { id: user.id, email, fullName: input.full_name },
        'verify_account',
      );
      return otp.sentBody(email, retryAfter);
    },

    async verifyAccount(
      input: VerifyAccountInput,
      userAgent?: string,
      ip?: string,
    ): Promise<{ user: UserRow; session: IssuedSession }> {
      const user = await users.findByEmail(normaliseEmail(input.email));
      if (!user) throw new AppError(errorCodes.otpInvalid, 400, 'The code is not correct', { attempts_left: 0 });
      await otp.verify(user.id, 'verify_account', input.code);
      // A verified account's only code is the unseen one of a repeated sign-up: it counts attempts like any other
      // (so the answers match a pending account's) and never verifies anything.
      if (user.isVerified)
        throw new AppError(errorCodes.otpInvalid, 400, 'The code is not correct', { attempts_left: 0 });
      const verified = (await users.markVerified(user.id, clock(), creditReferral)) ?? user;
      return { user: verified, session: await sessions.start(user.id, userAgent, ip) };
    },

    /** 200 whether or not the address has a pending account, so it can't be used to probe for accounts. */
    async resendOtp(emailInput: string): Promise<OtpSent> {
      const email = normaliseEmail(emailInput);
      const user = await users.findByEmail(email);
      if (user && !user.isVerified)
        await otp.sendOrRefuse({ id: user.id, email, fullName: user.fullName }, 'verify_account');
      return otp.sentBody(email);
    },

    /** Signs in, or throws 401 `invalid_credentials` / 403 `account_not_verified`. */
    async signin(
      input: SigninInput,
      userAgent?: string,
      ip?: string,
    ): Promise<{ user: UserRow; session: IssuedSession }> {
      const user = await userByIdentifier(input.email);
      // Unknown accounts still cost one argon2 verification, so timing doesn't tell them apart.
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw invalidCredentials();
      if (!user.isVerified) {
        await otp.sendIfAllowed({ id: user.id, email: user.email, fullName: user.fullName }, 'verify_account');
        throw new AppError(
          errorCodes.accountNotVerified,
          403,
          'Verify your e-mail address first: we sent you a code.',
          {
            email: user.email,
          },
        );
      }
      return { user, session: await sessions.start(user.id, userAgent, ip) };
    },

    /** Always 200 with the same body; a code goes out only to an existing account outside its cool-down. */
    async forgotPassword(input: ForgotPasswordRequest): Promise<OtpSent> {
      const email = normaliseEmail(input.email);
      const user = await users.findByEmail(email);
      if (user) await otp.sendIfAllowed({ id: user.id, email, fullName: user.fullName }, 'reset_password');
      return otp.sentBody(email);
    },

    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const user = await users.findByEmail(normaliseEmail(input.email));
      if (!user) throw new AppError(errorCodes.otpInvalid, 400, 'The code is not correct', { attempts_left: 0 });
      await otp.verify(user.id, 'reset_password', input.code);
      // A reset proves the mailbox: an account it verifies earns its referral then.
      await users.setPassword(
        user.id,
        await hashPassword(input.password),
        clock(),
        user.isVerified ? undefined : creditReferral,
      );
      // Whoever knew the old password is signed out everywhere.
      await sessions.endAllOfUser(user.id);
    },

    userByIdentifier,

    /** Sign-up's account setup (username, referral code, free plan) for an identity provider's verified user. */
    async createFromIdentity(
      fullName: string,
      email: string,
      identity: NonNullable<NewAccount['identity']>,
      referrerId?: string,
    ): Promise<UserRow> {
      // The provider vouches for the address, so this sign-up earns its referral as a verified e-mail sign-up does.
      return createAccount(
        { full_name: fullName, referrer_id: referrerId },
        normaliseEmail(email),
        null,
        identity,
        creditReferral,
      );
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
