import {
  type ChangePasswordInput,
  type DeleteAccountInput,
  errorCodes,
  type FieldErrors,
  type Profile,
  type ProfileUpdateInput,
  type ProfileUpdateResult,
} from '@candor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.js';
import { addressInUseNotice, emailChangedNotice } from '../../mail/account-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AccountRepository } from './account.repository.js';
import type { OtpService } from './otp.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionService } from './sessions.service.js';
import type { UserRow, UsersRepository } from './users.repository.js';
import { normaliseEmail, toUserInfo } from './users.service.js';

export interface AccountServiceDeps {
  repo: AccountRepository;
  users: UsersRepository;
  otp: OtpService;
  sessions: SessionService;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}

const fieldError = (path: string, message: string) => {
  const details: FieldErrors = [{ path, message }];
  return new AppError(errorCodes.validation, 400, 'Some fields are invalid', details);
};
// The same answer whether the address belongs to a verified or a pending account: nothing more is revealed.
const emailTaken = () => new AppError(errorCodes.conflict, 409, 'This e-mail address is already in use');
const gone = () => new AppError(errorCodes.unauthenticated, 401, 'Sign in to continue');

/** "Chrome on Windows" from a user agent; coarse on purpose (the list only has to be recognisable). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|node|undici|python|okhttp/i.test(ua)
              ? 'Script'
              : 'Browser';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return os ? `${browser} on ${os}` : browser;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { repo, users, otp, sessions, clock } = deps;
  const recipient = (user: UserRow) => ({ id: user.id, email: user.email, fullName: user.fullName });

  async function profile(user: UserRow): Promise<Profile> {
    return {
      user: toUserInfo(user),
      has_password: user.passwordHash !== null,
      pending_email: await otp.pendingTarget(user.id, 'change_email'),
    };
  }

  /** The password, or the e-mailed code for accounts without one; wrong ones are field errors. */
  async function confirmIdentity(user: UserRow, input: { password?: string | undefined; code?: string | undefined }) {
    if (user.passwordHash !== null) {
      if (!input.password) throw fieldError('password', 'Confirm with your password');
      if (!(await verifyPassword(user.passwordHash, input.password)))
        throw fieldError('password', 'The password is not correct');
      return;
    }
    if (!input.code) throw fieldError('code', 'Enter the 6-digit code from the e-mail');
    await otp.verify(user.id, 'delete_account', input.code);
  }

  return {
    profile,

    /** Saves name and category; a new address only gets a code (the change waits for it). */
    async updateProfile(user: UserRow, input: ProfileUpdateInput): Promise<ProfileUpdateResult> {
      const email = normaliseEmail(input.email);
      let emailChange: ProfileUpdateResult['email_change'] = null;
      if (email !== user.email) {
        const owner = await users.findByEmail(email);
        // An address another account uses is answered like any other (docs/product-decisions.md, account
        // enumeration): the change waits for a code as usual, but the address gets a notice instead, so the code is
        // never seen and the change never happens; only that mailbox's owner learns the address is taken.
        const taken = owner && owner.id !== user.id;
        // Sent before anything is saved: a cool-down (429) or a mail failure (503) leaves the profile untouched.
        await otp.sendOrRefuse(
          recipient(user),
          'change_email',
          email,
          taken ? addressInUseNotice({ to: email, publicUrl: deps.publicUrl }) : undefined,
        );
        emailChange = otp.sentBody(email);
      }
      const saved = await repo.updateProfile(user.id, {
        fullName: input.full_name,
        category: input.category,
        now: clock(),
      });
      if (!saved) throw gone();
      return { user: toUserInfo(saved), email_change: emailChange };
    },

    /** Applies the pending address once its code is right, then tells the old address. */
    async verifyEmailChange(user: UserRow, code: string): Promise<Profile> {
      const { targetEmail } = await otp.verify(user.id, 'change_email', code);
      if (!targetEmail) throw new AppError(errorCodes.otpInvalid, 400, 'The code is not correct', { attempts_left: 0 });
      const saved = await repo.setEmail(user.id, targetEmail, clock());
      if (saved === 'taken') throw emailTaken();
      if (!saved) throw gone();
      try {
        await deps.mailer.send(
          emailChangedNotice({
            to: user.email,
            newEmail: targetEmail,
            fullName: saved.fullName,
            publicUrl: deps.publicUrl,
          }),
        );
      } catch (error) {
        // The change is done and proven by the new mailbox; a lost notice must not undo it.
        deps.log.error({ err: error }, 'could not send the e-mail change notice');
      }
      return profile(saved);
    },

    /** Sends the pending change's code again (429 during the cool-down); 404 when no change is pending. */
    async resendEmailChange(user: UserRow) {
      const target = await otp.pendingTarget(user.id, 'change_email');
      if (!target) throw new AppError(errorCodes.notFound, 404, 'There is no e-mail change waiting for a code');
      await otp.sendOrRefuse(recipient(user), 'change_email', target);
      return otp.sentBody(target);
    },

    /** Checks the current password, stores the new one and ends every other session. */
    async changePassword(user: UserRow, keepFamilyId: string, input: ChangePasswordInput): Promise<void> {
      if (user.passwordHash === null) {
        throw new AppError(
          errorCodes.badRequest,
          400,
          'Your account has no password yet. Use "Forgot password" to set one with a code sent to your e-mail.',
        );
      }
      if (!(await verifyPassword(user.passwordHash, input.current_password)))
        throw fieldError('current_password', 'The current password is not correct');
      await repo.setPassword(user.id, await hashPassword(input.new_password), clock());
      await sessions.endOthersOfUser(user.id, keepFamilyId);
    },

    /** Accounts without a password confirm the deletion with this code. */
    async sendDeleteCode(user: UserRow) {
      await otp.sendOrRefuse(recipient(user), 'delete_account');
      return otp.sentBody(user.email);
    },

    async deleteAccount(user: UserRow, input: DeleteAccountInput): Promise<void> {
      const reasonIds = [...new Set(input.reason_ids ?? [])].sort((a, b) => a - b);
      const known = await repo.deletionReasonIds(reasonIds);
      const unknown = reasonIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw fieldError('reason_ids', 'Choose reasons from the list');
      await confirmIdentity(user, input);
      const message = input.message?.trim() ?? '';
      await repo.deleteAccount(user.id, { reasonIds, message: message || null, now: clock() });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
