import { contactRequests, type Database } from '@candor/db';
import { eq } from 'drizzle-orm';

export type ContactRequestRow = typeof contactRequests.$inferSelect;
export type NewContactRequest = typeof contactRequests.$inferInsert;

export function createContactRepository(db: Database) {
  return {
    async insert(request: NewContactRequest): Promise<ContactRequestRow> {
      const [row] = await db.insert(contactRequests).values(request).returning();
      if (!row) throw new Error('insert returned no contact request');
      return row;
    },

    /** Undoes a request whose e-mail could not be sent, so the user's retry doesn't leave a duplicate. */
    async remove(id: string): Promise<void> {
      await db.delete(contactRequests).where(eq(contactRequests.id, id));
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
