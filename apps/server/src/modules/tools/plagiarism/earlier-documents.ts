import type { ServiceName } from '@candor/contracts';
import { contentKeyOf, type Database, historyItems } from '@candor/db';
import { and, countDistinct, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';

/**
 * Earlier submissions to the text tools, read back as plagiarism sources: every top-level run whose input holds a
 * `text` (Writing Analysis, the detectors, the Copyright Detector itself).
 */

export interface EarlierDocument {
  historyId: string;
  title: string;
  /** The service the text was submitted to. */
  modelName: ServiceName;
  createdAt: Date;
  text: string;
}

/**
 * How many runs, and how much text, one run compares with: the newest first, a text submitted again counting once.
 * The index is built per run, so these bound its memory and time (an organisation-wide persistent index is the way
 * past them; see docs/product-decisions.md).
 */
export const EARLIER_DOCUMENT_LIMITS = { mine: 1_000, organisation: 5_000, characters: 20_000_000 } as const;

const inputText = sql<string | null>`${historyItems.input}->>'text'`;
const hasText = and(isNull(historyItems.parentId), isNotNull(inputText));

/** The content keys of texts a run already has (the text it checks, its named files and pages). */
export async function contentKeysOf(db: Database, texts: readonly string[]): Promise<Set<string>> {
  if (texts.length === 0) return new Set();
  const values = sql.join(
    texts.map((text) => sql`(${text}::text)`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select ${contentKeyOf(sql`given.text`)} as key from (values ${values}) as given(text)`,
  );
  return new Set((result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
}

/**
 * The newest runs' texts, one document per content key, the newest of each kept. A key in `known` is skipped, and
 * each document read adds its key, so a run reading mine and then the organisation's never reads one text twice.
 */
async function read(
  db: Database,
  where: SQL | undefined,
  limit: number,
  known: Set<string>,
): Promise<EarlierDocument[]> {
  const rows = await db
    .select({
      historyId: historyItems.id,
      title: historyItems.title,
      modelName: historyItems.modelName,
      createdAt: historyItems.createdAt,
      text: inputText,
      key: historyItems.contentKey,
    })
    .from(historyItems)
    .where(and(hasText, where))
    .orderBy(desc(historyItems.createdAt), desc(historyItems.id))
    .limit(limit);
  const documents: EarlierDocument[] = [];
  let characters = 0;
  for (const { key, text, modelName, ...row } of rows) {
    if (text === null || key === null || known.has(key)) continue;
    characters += text.length;
    if (characters > EARLIER_DOCUMENT_LIMITS.characters) break;
    known.add(key);
    documents.push({ ...row, modelName: modelName as ServiceName, text });
  }
  return documents;
}

const ownedBy = (userId: string) => eq(historyItems.userId, userId);

export const readMyDocuments = (db: Database, userId: string, known: Set<string>) =>
  read(db, ownedBy(userId), EARLIER_DOCUMENT_LIMITS.mine, known);

/** Everyone else's: a user's own documents come only through `readMyDocuments`, when they ask for them. */
export const readOrganisationDocuments = (db: Database, userId: string, known: Set<string>) =>
  read(db, ne(historyItems.userId, userId), EARLIER_DOCUMENT_LIMITS.organisation, known);

/** The distinct documents `readMyDocuments` would read (before it leaves out the texts a run already has). */
export async function countMyDocuments(db: Database, userId: string): Promise<number> {
  const newest = db
    .select({ key: historyItems.contentKey })
    .from(historyItems)
    .where(and(hasText, ownedBy(userId)))
    .orderBy(desc(historyItems.createdAt), desc(historyItems.id))
    .limit(EARLIER_DOCUMENT_LIMITS.mine)
    .as('newest');
  const [row] = await db.select({ value: countDistinct(newest.key) }).from(newest);
  return Number(row?.value ?? 0);
}
