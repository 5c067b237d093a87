import { type ContactRequestCreated, type ContactRequestInput, errorCodes } from '@candor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.js';
import { contactRequestEmail } from '../../mail/contact-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ContactRepository } from './contact.repository.js';

export interface ContactServiceDeps {
  repo: ContactRepository;
  mailer: Mailer;
  /** Where requests are e-mailed (CONTACT_EMAIL_TO). */
  to: string;
  publicUrl: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export function createContactService(deps: ContactServiceDeps) {
  return {
    /** Stores the request and e-mails it to the team; if the e-mail can't go out, nothing is kept and 503 answers. */
    async submit(userId: string, input: ContactRequestInput): Promise<ContactRequestCreated> {
      const row = await deps.repo.insert({
        userId,
        fullName: input.full_name,
        email: input.email.toLowerCase(),
        company: blankToNull(input.company),
        phoneNumber: blankToNull(input.phone_number),
        message: input.message,
        appealType: input.appeal_type,
        source: blankToNull(input.source),
        createdAt: deps.clock(),
      });
      try {
        await deps.mailer.send(
          contactRequestEmail({
            to: deps.to,
            fullName: row.fullName,
            email: row.email,
            company: row.company,
            phoneNumber: row.phoneNumber,
            message: row.message,
            appealType: row.appealType,
            source: row.source,
            userId,
            requestId: row.id,
            publicUrl: deps.publicUrl,
          }),
        );
      } catch (err) {
        deps.log.error({ err, contactRequestId: row.id }, 'the contact request e-mail could not be sent');
        await deps.repo.remove(row.id);
        throw new AppError(
          errorCodes.mailUnavailable,
          503,
          "We couldn't send your message just now. Please try again in a few minutes.",
        );
      }
      return { id: row.id, created_at: row.createdAt.toISOString() };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
