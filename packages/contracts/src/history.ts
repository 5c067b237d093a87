import { z } from 'zod';
import { serviceNameSchema } from './tokens.js';

export const HISTORY_PAGE_SIZE_MAX = 20;
/**
 * The list of runs carries at most this many children of a run (the oldest first), and says how many it has in all
 * (`children_total`): a website scan of 5,000 pages would otherwise send 5,000 rows to a page that shows 20 runs.
 * A run's own answer (`user-history/{id}`) carries every child.
 */
export const HISTORY_CHILDREN_LISTED = 50;

export interface HistoryItem {
  history_id: string;
  model_name: z.infer<typeof serviceNameSchema>;
  title: string;
  cost: number;
  created_at: string;
  has_children: boolean;
  children: HistoryItem[];
  /** How many children the run has; more than `children.length` when the list left some out. */
  children_total?: number | undefined;
  /** `api` for a run made with an API key (History marks it), `web` for the screens'; absent from older servers. */
  source?: 'api' | 'web' | undefined;
  /** The key's name at the time of an API run. */
  api_key_name?: string | null | undefined;
}

export const historyItemSchema: z.ZodType<HistoryItem> = z.lazy(() =>
  z.object({
    history_id: z.string(),
    model_name: serviceNameSchema,
    title: z.string(),
    cost: z.number().int(),
    created_at: z.string(),
    has_children: z.boolean(),
    children: z.array(historyItemSchema),
    children_total: z.number().int().nonnegative().optional(),
    source: z.enum(['api', 'web']).optional(),
    api_key_name: z.string().nullable().optional(),
  }),
);

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE_MAX),
  model_names: z
    .union([serviceNameSchema, z.array(serviceNameSchema)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyListSchema = z.object({
  items: z.array(historyItemSchema),
  pagination: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  }),
});
export type HistoryList = z.infer<typeof historyListSchema>;

/** `v2/ai-detector/user-history/{id}`: one run with its input and result. */
export const historyDetailSchema = z.object({
  item: historyItemSchema,
  input: z.unknown(),
  result: z.unknown(),
});
export type HistoryDetail = z.infer<typeof historyDetailSchema>;

export const HISTORY_DELETE_MAX = 100;

/** `POST v2/ai-detector/user-history/delete`: the runs to delete; ids not the caller's are skipped, not refused. */
export const historyDeleteManySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(HISTORY_DELETE_MAX),
});
export type HistoryDeleteMany = z.infer<typeof historyDeleteManySchema>;

/** How many of the requested runs were deleted (their children go with them and are not counted). */
export const historyDeleteResultSchema = z.object({ deleted: z.number().int().nonnegative() });
export type HistoryDeleteResult = z.infer<typeof historyDeleteResultSchema>;
