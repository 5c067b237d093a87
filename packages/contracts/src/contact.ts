import { z } from 'zod';
import { limits, messages } from './messages.js';

/** The only appeal type the form sends (spec §3). */
export const CONTACT_APPEAL_TYPE = 'I would like to Schedule a Demo';

export const contactMessages = {
  fullNameRequired: messages.accountFullNameRequired,
  emailRequired: messages.emailRequired,
  invalidEmail: messages.invalidEmail,
  messageRequired: 'Message is required',
  messageTooLong: 'Keep your message under 5,000 characters',
  companyTooLong: 'Company name is at most 120 characters',
  phoneTooLong: messages.phoneTooLong,
  phoneInvalid: 'Use only digits, spaces, +, - and parentheses',
  fullNameTooLong: 'Full name is at most 120 characters',
} as const;

export const contactLimits = { messageMax: 5_000, companyMax: 120, sourceMax: 100 } as const;

const requiredText = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) }).trim();

export const contactRequestSchema = z.object({
  full_name: requiredText(contactMessages.fullNameRequired)
    .min(1, contactMessages.fullNameRequired)
    .max(limits.fullNameMax, contactMessages.fullNameTooLong),
  email: requiredText(contactMessages.emailRequired)
    .min(1, contactMessages.emailRequired)
    .max(limits.emailMax, contactMessages.invalidEmail)
    .pipe(z.email(contactMessages.invalidEmail)),
  company: z.string().trim().max(contactLimits.companyMax, contactMessages.companyTooLong).optional(),
  message: requiredText(contactMessages.messageRequired)
    .min(1, contactMessages.messageRequired)
    .max(contactLimits.messageMax, contactMessages.messageTooLong),
  phone_number: z
    .string()
    .trim()
    .max(limits.phoneMax, contactMessages.phoneTooLong)
    .regex(/^[0-9+()\s-]*$/, contactMessages.phoneInvalid)
    .optional(),
  appeal_type: z.literal(CONTACT_APPEAL_TYPE),
  source: z.string().trim().max(contactLimits.sourceMax).optional(),
});
export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

/** 201 answer of `contact-requests`. */
export const contactRequestCreatedSchema = z.object({ id: z.string(), created_at: z.string() });
export type ContactRequestCreated = z.infer<typeof contactRequestCreatedSchema>;
