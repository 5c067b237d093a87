import { type HistoryDeleteResult, historyDeleteResultSchema } from '@candor/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, getErrorMessage, parseJson } from '@/lib/api-client';
import { toast, UNDO_WINDOW_MS } from '@/lib/toast';
import { historyKeys } from './history.queries';

export function deleteHistoryItems(ids: string[]): Promise<HistoryDeleteResult> {
  const [only] = ids;
  if (ids.length === 1 && only) {
    return parseJson(
      api.detector.delete(`v2/ai-detector/user-history/${encodeURIComponent(only)}`),
      historyDeleteResultSchema,
    );
  }
  return parseJson(
    api.detector.post('v2/ai-detector/user-history/delete', { json: { ids } }),
    historyDeleteResultSchema,
  );
}

/*
 * Deletion is deferred, not undone: the rows are hidden at once and the request goes out only when the Undo
 * toast closes, so Undo is just "unhide" and needs no way to re-create a run. Module state, not component
 * state, so a deletion still completes after the user leaves /history while its toast is open.
 */
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
const setHidden = (next: ReadonlySet<string>) => {
  hidden = next;
  for (const listener of listeners) listener();
};
const hide = (ids: string[]) => setHidden(new Set([...hidden, ...ids]));
const unhide = (ids: string[]) => setHidden(new Set([...hidden].filter((id) => !ids.includes(id))));

/** The ids waiting for their Undo window to close; lists leave them out. */
export function usePendingHistoryDeletions(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
  );
}

/** Hides `ids` now and deletes them when the Undo toast closes, unless Undo was pressed. */
export function scheduleHistoryDeletion({
  ids,
  message,
  queryClient,
}: {
  ids: string[];
  message: string;
  queryClient: QueryClient;
}) {
  if (ids.length === 0) return;
  hide(ids);
  let settled = false;
  const commit = async () => {
    if (settled) return;
    settled = true;
    try {
      await deleteHistoryItems(ids);
    } catch (error) {
      toast.error(`Could not delete: ${getErrorMessage(error)}`);
    } finally {
      await queryClient.invalidateQueries({ queryKey: historyKeys.all });
      unhide(ids);
    }
  };
  toast.message(message, {
    duration: UNDO_WINDOW_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        if (settled) return;
        settled = true;
        unhide(ids);
      },
    },
    onAutoClose: () => void commit(),
    onDismiss: () => void commit(),
  });
}
