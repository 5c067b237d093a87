import { type Database, historyItems } from '@candor/db';
import { and, count, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';

/**
 * Earlier submissions to the text tools, read back as plagiarism sources: every top-level run whose input holds a
 * `text` (Writing Analysis, the detectors, the Copyright Detector itself).
 */

export interface EarlierDocument {
  historyId: string;
  title: string;
  createdAt: Date;
  text: string;
}

/**
 * How many, and how much text, one run compares with: the newest first. The index is built per run, so these bound
 * its memory and time (an organisation-wide persistent index is the way past them; see docs/product-decisions.md).
 */
export const EARLIER_DOCUMENT_LIMITS = { mine: 1_000, organisation: 5_000, characters: 20_000_000 } as const;

const inputText = sql<string | null>`${historyItems.input}->>'text'`;
const hasText = and(isNull(historyItems.parentId), isNotNull(inputText));

async function read(db: Database, where: SQL | undefined, limit: number): Promise<EarlierDocument[]> {
  const rows = await db
    .select({
      historyId: historyItems.id,
      title: historyItems.title,
      createdAt: historyItems.createdAt,
      text: inputText,
    })
    .from(historyItems)
    .where(and(hasText, where))
    .orderBy(desc(historyItems.createdAt), desc(historyItems.id))
    .limit(limit);
  const documents: EarlierDocument[] = [];
  let characters = 0;
  for (const row of rows) {
    if (row.text === null) continue;
    characters += row.text.length;
    if (characters > EARLIER_DOCUMENT_LIMITS.characters) break;
    documents.push({ ...row, text: row.text });
  }
  return documents;
}

export const readMyDocuments = (db: Database, userId: string) =>
  read(db, eq(historyItems.userId, userId), EARLIER_DOCUMENT_LIMITS.mine);

/** Everyone else's: a user's own documents come only through `readMyDocuments`, when they ask for them. */
export const readOrganisationDocuments = (db: Database, userId: string) =>
  read(db, ne(historyItems.userId, userId), EARLIER_DOCUMENT_LIMITS.organisation);

export async function countMyDocuments(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(historyItems)
    .where(and(hasText, eq(historyItems.userId, userId)));
  return Math.min(Number(row?.value ?? 0), EARLIER_DOCUMENT_LIMITS.mine);
}
