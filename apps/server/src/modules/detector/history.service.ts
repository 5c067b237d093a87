import {
  HISTORY_CHILDREN_LISTED,
  type HistoryDeleteMany,
  type HistoryDeleteResult,
  type HistoryDetail,
  type HistoryItem,
  type HistoryList,
  type HistoryQuery,
  type ServiceName,
} from '@candor/contracts';
import { notFound } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import type { HistoryRepository, HistoryTreeRow } from './history.repository.js';

/**
 * Builds each root's tree of children from a flat list of descendants; `childCounts` says how many children a run has
 * when `descendants` holds only the first of them.
 */
function toTrees(
  roots: HistoryTreeRow[],
  descendants: HistoryTreeRow[],
  childCounts?: ReadonlyMap<string, number>,
): HistoryItem[] {
  const byParent = new Map<string, HistoryTreeRow[]>();
  for (const row of descendants) {
    if (!row.parentId) continue;
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const build = (row: HistoryTreeRow, seen: Set<string>): HistoryItem => {
    const children = seen.has(row.id) ? [] : (byParent.get(row.id) ?? []);
    const next = new Set(seen).add(row.id);
    return {
      history_id: row.id,
      // Only the tool pipeline writes rows, with names from the contract's list.
      model_name: row.modelName as ServiceName,
      title: row.title,
      cost: row.cost,
      created_at: row.createdAt.toISOString(),
      has_children: children.length > 0,
      children: children.map((child) => build(child, next)),
      children_total: Math.max(children.length, childCounts?.get(row.id) ?? 0),
      source: row.apiKeyName === null ? 'web' : 'api',
      api_key_name: row.apiKeyName,
    };
  };
  return roots.map((root) => build(root, new Set()));
}

export function createHistoryService(deps: { repo: HistoryRepository }) {
  const missing = () => notFound('This history item does not exist');

  return {
    async list(userId: string, query: HistoryQuery): Promise<HistoryList> {
      const { page, per_page, model_names } = query;
      const { rows, total } = await deps.repo.page(userId, model_names, per_page, (page - 1) * per_page);
      const { rows: descendants, childCounts } = rows.length
        ? await deps.repo.firstDescendants(
            userId,
            rows.map((r) => r.id),
            HISTORY_CHILDREN_LISTED,
          )
        : { rows: [], childCounts: new Map<string, number>() };
      return {
        items: toTrees(rows, descendants, childCounts),
        pagination: { page, per_page, total, total_pages: Math.ceil(total / per_page) },
      };
    },

    /** One run of the user's with its input and result; 404 for malformed, unknown and other users' ids alike. */
    async detail(userId: string, id: string): Promise<HistoryDetail> {
      if (!isUuid(id)) throw missing();
      const row = await deps.repo.findOwned(userId, id);
      if (!row) throw missing();
      const [item] = toTrees([row], await deps.repo.descendants(userId, [row.id]));
      if (!item) throw missing();
      return { item, input: row.input ?? null, result: row.result ?? null };
    },

    /** Deletes one run of the user's with its children; 404 for malformed, unknown and other users' ids alike. */
    async remove(userId: string, id: string): Promise<HistoryDeleteResult> {
      if (!isUuid(id)) throw missing();
      const deleted = await deps.repo.deleteOwned(userId, [id]);
      if (deleted.length === 0) throw missing();
      return { deleted: deleted.length };
    },

    /** Deletes the user's runs among `ids`; other users' and unknown ids are skipped so they reveal nothing. */
    async removeMany(userId: string, { ids }: HistoryDeleteMany): Promise<HistoryDeleteResult> {
      const deleted = await deps.repo.deleteOwned(userId, [...new Set(ids.map((id) => id.toLowerCase()))]);
      return { deleted: deleted.length };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
