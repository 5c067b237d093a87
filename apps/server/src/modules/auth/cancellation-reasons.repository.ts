import { cancellationReasons, type Database } from '@candor/db';
import { asc, eq } from 'drizzle-orm';

export function createCancellationReasonsRepository(db: Database) {
  return {
    /** Reasons of one source (or all), in display order. */
    async list(source?: string) {
      return db
        .select({ id: cancellationReasons.id, source: cancellationReasons.source, label: cancellationReasons.label })
        .from(cancellationReasons)
        .where(source === undefined ? undefined : eq(cancellationReasons.source, source))
        .orderBy(asc(cancellationReasons.source), asc(cancellationReasons.sortOrder), asc(cancellationReasons.id));
    },
  };
}
export type CancellationReasonsRepository = ReturnType<typeof createCancellationReasonsRepository>;
