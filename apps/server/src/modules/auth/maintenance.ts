import type { Database } from '@candor/db';
import { createOtpRepository } from './otp.repository.js';
import { createSessionsRepository } from './sessions.repository.js';

/** Deletes codes and refresh tokens that expired more than a day ago; they can no longer be presented. */
export async function pruneAuthRows(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - 86_400_000);
  await createOtpRepository(db).pruneExpired(before);
  await createSessionsRepository(db).pruneExpired(before);
}
