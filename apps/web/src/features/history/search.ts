import { HISTORY_PAGE_SIZE_MAX, serviceNames } from '@candor/contracts';
import { z } from 'zod';
import { listOf, positiveInt } from '@/lib/search-params';

/** /history [page ≥ 1 (default 1), page_size 1–20 (default 20; larger values clamp to 20), selectedServices]. */
export const historySearchSchema = z.object({
  page: positiveInt(1),
  page_size: positiveInt(HISTORY_PAGE_SIZE_MAX, HISTORY_PAGE_SIZE_MAX),
  selectedServices: listOf(serviceNames),
});
export type HistorySearch = z.infer<typeof historySearchSchema>;
