import { type Database, historyItems } from '@candor/db';
import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';

export type HistoryRow = typeof historyItems.$inferSelect;
export type NewHistoryRow = typeof historyItems.$inferInsert;

const treeColumns = {
  id: historyItems.id,
  parentId: historyItems.parentId,
  modelName: historyItems.modelName,
  title: historyItems.title,
  cost: historyItems.cost,
  createdAt: historyItems.createdAt,
  apiKeyName: historyItems.apiKeyName,
};
/** A history row as a tree of runs shows it. */
export type HistoryTreeRow = Pick<HistoryRow, keyof typeof treeColumns>;

/** Runs are at most this many levels deep; the bound keeps a corrupt parent cycle from looping forever. */
const MAX_DEPTH = 8;

/** The first children of each parent a list shows, and how many children each parent has in all. */
export interface FirstDescendants {
  rows: HistoryTreeRow[];
  childCounts: Map<string, number>;
}

export function createHistoryRepository(db: Database) {
  const topLevel = (userId: string, modelNames: string[]): SQL | undefined =>
    and(
      eq(historyItems.userId, userId),
      isNull(historyItems.parentId),
      modelNames.length > 0 ? inArray(historyItems.modelName, modelNames) : undefined,
    );

  return {
    async insert(row: NewHistoryRow): Promise<HistoryRow> {
      const [created] = await db.insert(historyItems).values(row).returning();
      if (!created) throw new Error('insert returned no history item');
      return created;
    },

    /**
     * One page of the user's top-level runs, newest first, and how many there are in all; without inputs and results,
     * which a list does not show (a website scan's result holds every page it scanned).
     */
    async page(userId: string, modelNames: string[], limit: number, offset: number) {
      const where = topLevel(userId, modelNames);
      const [rows, [total]] = await Promise.all([
        db
          .select(treeColumns)
          .from(historyItems)
          .where(where)
          .orderBy(desc(historyItems.createdAt), desc(historyItems.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(historyItems).where(where),
      ]);
      return { rows, total: Number(total?.value ?? 0) };
    },

    async findOwned(userId: string, id: string): Promise<HistoryRow | undefined> {
      const [row] = await db
        .select()
        .from(historyItems)
        .where(and(eq(historyItems.id, id), eq(historyItems.userId, userId)))
        .limit(1);
      return row;
    },

    /** Deletes those of `ids` the user owns (their children go by the FK cascade); returns the ids deleted. */
    async deleteOwned(userId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .delete(historyItems)
        .where(and(eq(historyItems.userId, userId), inArray(historyItems.id, ids)))
        .returning({ id: historyItems.id });
      return rows.map((row) => row.id);
    },

    /**
     * Every descendant of `parentIds` owned by the user, level by level, oldest first within a parent: what a tree
     * shows, without inputs and results (a website scan has thousands of pages, each with its text).
     */
    async descendants(userId: string, parentIds: string[]): Promise<HistoryTreeRow[]> {
      const found: HistoryTreeRow[] = [];
      let frontier = parentIds;
      for (let depth = 0; frontier.length > 0 && depth < MAX_DEPTH; depth++) {
        const level = await db
          .select(treeColumns)
          .from(historyItems)
          .where(and(eq(historyItems.userId, userId), inArray(historyItems.parentId, frontier)))
          .orderBy(asc(historyItems.createdAt), asc(historyItems.position), asc(historyItems.id));
        found.push(...level);
        frontier = level.map((row) => row.id);
      }
      return found;
    },

    /**
     * Like `descendants`, but at most `perParent` children of each parent (the oldest), with each parent's count of
     * children: a list of runs stays small when one of them is a website scan of thousands of pages.
     */
    async firstDescendants(userId: string, parentIds: string[], perParent: number): Promise<FirstDescendants> {
      const rows: HistoryTreeRow[] = [];
      const childCounts = new Map<string, number>();
      let frontier = parentIds;
      for (let depth = 0; frontier.length > 0 && depth < MAX_DEPTH; depth++) {
        const ranked = db
          .select({
            ...treeColumns,
            position: historyItems.position,
            rank: sql<number>`row_number() over (partition by ${historyItems.parentId} order by ${historyItems.createdAt}, ${historyItems.position}, ${historyItems.id})`.as(
              'rank',
            ),
            siblings: sql<number>`count(*) over (partition by ${historyItems.parentId})`.as('siblings'),
          })
          .from(historyItems)
          .where(and(eq(historyItems.userId, userId), inArray(historyItems.parentId, frontier)))
          .as('ranked');
        const level = await db
          .select()
          .from(ranked)
          .where(lte(ranked.rank, perParent))
          .orderBy(asc(ranked.createdAt), asc(ranked.position), asc(ranked.id));
        for (const { rank: _rank, position: _position, siblings, ...row } of level) {
          rows.push(row);
          if (row.parentId) childCounts.set(row.parentId, Number(siblings));
        }
        frontier = level.map((row) => row.id);
      }
      return { rows, childCounts };
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
