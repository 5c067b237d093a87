import { createHmac, randomInt } from 'node:crypto';
import { errorCodes, type OtpSent } from '@candor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { safeEqual } from '../../http/session.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { type OtpPurpose, otpEmail } from '../../mail/templates.js';
import type { OtpRepository } from './otp.repository.js';

export const OTP_MAX_ATTEMPTS = 5;

export interface OtpRecipient {
  id: string;
  email: string;
  fullName: string;
}

export interface OtpServiceDeps {
  repo: OtpRepository;
  mailer: Mailer;
  /** Codes are stored only as an HMAC under this key, so a database leak doesn't leak live codes. */
  hmacKey: string;
  ttlSeconds: number;
  cooldownSeconds: number;
  publicUrl: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}

const invalid = (attemptsLeft: number) =>
  new AppError(errorCodes.otpInvalid, 400, 'The code is not correct', { attempts_left: attemptsLeft });
const exhausted = () =>
  new AppError(errorCodes.otpExhausted, 400, 'Too many wrong codes. Request a new code and try again.');
const expired = () => new AppError(errorCodes.otpExpired, 400, 'The code has expired. Request a new code.');

export function createOtpService(deps: OtpServiceDeps) {
  const hash = (userId: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', deps.hmacKey).update(`${purpose}:${userId}:${code}`).digest('hex');

  /** Seconds before another code may be sent (0 when one may be sent now). */
  async function cooldownLeft(userId: string, purpose: OtpPurpose): Promise<number> {
    const latest = await deps.repo.latest(userId, purpose);
    if (!latest) return 0;
    const readyAt = latest.createdAt.getTime() + deps.cooldownSeconds * 1000;
    return Math.max(0, Math.ceil((readyAt - deps.clock().getTime()) / 1000));
  }

  /**
   * `targetEmail` (change_email) receives the code instead of the account's address and is stored with it. With
   * `instead`, that message goes out in place of the code: the code is stored all the same (so the cool-down, the
   * pending address and the answers are those of a real code) but nobody ever sees it.
   */
  async function send(
    user: OtpRecipient,
    purpose: OtpPurpose,
    targetEmail?: string,
    instead?: MailMessage,
  ): Promise<void> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const now = deps.clock();
    const id = await deps.repo.replace({
      userId: user.id,
      purpose,
      codeHash: hash(user.id, purpose, code),
      expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
      now,
      targetEmail: targetEmail ?? null,
    });
    const message =
      instead ??
      otpEmail({
        to: targetEmail ?? user.email,
        purpose,
        code,
        fullName: user.fullName,
        validSeconds: deps.ttlSeconds,
        publicUrl: deps.publicUrl,
      });
    try {
      const sent = await deps.mailer.send(message);
      // Offline installs have no inbox: the log is where the person at the keyboard finds the code.
      if (deps.mailer.kind === 'outbox' && !instead)
        deps.log.info({ to: targetEmail ?? user.email, code, file: sent.file }, 'e-mail code');
    } catch (error) {
      // Without the e-mail the code is useless; dropping it also lifts the cool-down so a retry can send.
      await deps.repo.remove(id);
      deps.log.error({ err: error, purpose }, 'could not send an e-mail code');
      throw new AppError(
        errorCodes.mailUnavailable,
        503,
        "We couldn't send the e-mail right now. Please try again shortly.",
      );
    }
  }

  return {
    cooldownLeft,
    send,

    /** Sends unless the cool-down is running; never fails on the cool-down. */
    async sendIfAllowed(
      user: OtpRecipient,
      purpose: OtpPurpose,
      instead?: MailMessage,
    ): Promise<{ sent: boolean; retryAfter: number }> {
      const wait = await cooldownLeft(user.id, purpose);
      if (wait > 0) return { sent: false, retryAfter: wait };
      await send(user, purpose, undefined, instead);
      return { sent: true, retryAfter: deps.cooldownSeconds };
    },

    /** Sends, or answers 429 `otp_cooldown` with Retry-After. */
    async sendOrRefuse(
      user: OtpRecipient,
      purpose: OtpPurpose,
      targetEmail?: string,
      instead?: MailMessage,
    ): Promise<void> {
      const wait = await cooldownLeft(user.id, purpose);
      if (wait > 0) {
        throw tooManyRequests(
          errorCodes.otpCooldown,
          `Please wait ${wait} seconds before asking for another code.`,
          wait,
        );
      }
      await send(user, purpose, targetEmail, instead);
    },

    /** Accepts the latest code of `purpose` once; wrong, expired or exhausted codes throw the matching 400. */
    async verify(userId: string, purpose: OtpPurpose, code: string): Promise<{ targetEmail: string | null }> {
      const row = await deps.repo.latest(userId, purpose);
      if (!row || row.consumedAt) throw invalid(0);
      if (row.attempts >= OTP_MAX_ATTEMPTS) throw exhausted();
      const now = deps.clock();
      if (row.expiresAt.getTime() <= now.getTime()) throw expired();
      const attempts = await deps.repo.spendAttempt(row.id, OTP_MAX_ATTEMPTS);
      if (attempts === undefined) throw exhausted();
      if (!safeEqual(hash(userId, purpose, code), row.codeHash)) {
        const left = OTP_MAX_ATTEMPTS - attempts;
        throw left > 0 ? invalid(left) : exhausted();
      }
      if (!(await deps.repo.consume(row.id, now))) throw invalid(0);
      return { targetEmail: row.targetEmail };
    },

    /** The address the latest unused code of `purpose` went to (change_email), if any. */
    async pendingTarget(userId: string, purpose: OtpPurpose): Promise<string | null> {
      const row = await deps.repo.latest(userId, purpose);
      if (!row || row.consumedAt || row.attempts >= OTP_MAX_ATTEMPTS) return null;
      if (row.expiresAt.getTime() <= deps.clock().getTime()) return null;
      return row.targetEmail;
    },

    /** The answer of every "code sent" endpoint, whether or not a message went out. */
    sentBody(email: string, resendAfter = deps.cooldownSeconds): OtpSent {
      return { email, resend_after: resendAfter, expires_in: deps.ttlSeconds };
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
