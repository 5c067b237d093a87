import { z } from 'zod';
import { otpSentSchema, passwordSchema, userInfoSchema } from './auth.js';
import { limits, messages } from './messages.js';

/** The spec leaves the profile's categories open; these describe who uses a content-safety dashboard. */
export const userCategories = [
  'Student',
  'Teacher/Educator',
  'Writer/Content creator',
  'Marketer/SEO',
  'Business',
  'Developer',
  'Researcher',
  'Other',
] as const;
export type UserCategory = (typeof userCategories)[number];

/** A string whose absence reads as `message` too (API clients omit fields). */
const required = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) });

const code = required('Enter the 6-digit code from the e-mail')
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail');

/** `/account` profile form: full_name, email, category (spec §5 messages). */
export const profileUpdateSchema = z.object({
  full_name: required(messages.accountFullNameRequired)
    .trim()
    .min(1, messages.accountFullNameRequired)
    .max(limits.fullNameMax),
  email: required(messages.emailRequired)
    .trim()
    .min(1, messages.emailRequired)
    .max(limits.emailMax)
    .pipe(z.email(messages.invalidEmail)),
  category: required(messages.categoryRequired)
    .min(1, messages.categoryRequired)
    .refine((value) => (userCategories as readonly string[]).includes(value), messages.categoryRequired),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** GET `account/profile`: the user plus what the account screen needs to know. */
export const profileSchema = z.object({
  user: userInfoSchema,
  /** False for accounts created through an identity provider that never set a password. */
  has_password: z.boolean(),
  /** The new address waiting for its code, if an e-mail change is under way. */
  pending_email: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH `account/profile`: the saved user, and the code sent to a new address when the e-mail changes. */
export const profileUpdateResultSchema = z.object({
  user: userInfoSchema,
  email_change: otpSentSchema.nullable(),
});
export type ProfileUpdateResult = z.infer<typeof profileUpdateResultSchema>;

export const emailChangeVerifySchema = z.object({ code });
export type EmailChangeVerifyInput = z.infer<typeof emailChangeVerifySchema>;

/** Change password (spec §5 messages). */
export const changePasswordSchema = z
  .object({
    current_password: required(messages.currentPasswordRequired)
      .max(limits.passwordMax)
      .min(1, messages.currentPasswordRequired),
    new_password: required(messages.newPasswordRequired)
      .max(limits.passwordMax)
      .min(1, messages.newPasswordRequired)
      .pipe(passwordSchema),
    new_password_confirm: required(messages.confirmPasswordRequired)
      .max(limits.passwordMax)
      .min(1, messages.confirmPasswordRequired),
  })
  .refine((v) => v.new_password_confirm === '' || v.new_password === v.new_password_confirm, {
    path: ['new_password_confirm'],
    message: messages.passwordsDontMatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One signed-in browser or app: a live refresh-token family. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Linux", from the user agent. */
  device: z.string(),
  ip: z.string().nullable(),
  started_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const deletionMessageMax = 2000;

/** Delete account: reasons (ids of `cancellation-reasons?source=account_delete`), a message, and a confirmation. */
export const deleteAccountSchema = z
  .object({
    reason_ids: z.array(z.number().int().positive()).max(20).default([]),
    message: z.string().trim().max(deletionMessageMax, `At most ${deletionMessageMax} characters`).default(''),
    /** Accounts with a password confirm with it… */
    password: z.string().max(limits.passwordMax).optional(),
    /** …accounts without one with a code e-mailed by `account/delete/code`. */
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail')
      .optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    path: ['password'],
    message: 'Confirm with your password',
  });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
