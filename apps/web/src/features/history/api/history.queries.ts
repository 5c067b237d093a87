import {
  type HistoryDetail,
  type HistoryList,
  historyDetailSchema,
  historyListSchema,
  type ServiceName,
} from '@candor/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isApiError, parseJson } from '@/lib/api-client';

export interface HistoryListParams {
  page: number;
  perPage: number;
  services: ServiceName[];
}

/** The runs `/` lists as recent: the first five of every service. */
export const recentHistoryParams: HistoryListParams = { page: 1, perPage: 5, services: [] };

export const historyKeys = {
  all: ['history'] as const,
  lists: () => [...historyKeys.all, 'list'] as const,
  list: (params: HistoryListParams) => [...historyKeys.lists(), params] as const,
  details: () => [...historyKeys.all, 'detail'] as const,
  detail: (id: string) => [...historyKeys.details(), id] as const,
};

export function fetchHistoryList({ page, perPage, services }: HistoryListParams): Promise<HistoryList> {
  const searchParams = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  // Spec §7: model_names is repeated, once per selected service.
  for (const service of services) searchParams.append('model_names', service);
  return parseJson(api.detector.get('v2/ai-detector/user-history/', { searchParams }), historyListSchema);
}

export const historyListQueryOptions = (params: HistoryListParams) =>
  queryOptions({
    queryKey: historyKeys.list(params),
    queryFn: () => fetchHistoryList(params),
    placeholderData: keepPreviousData,
  });

/** One run, or null when the server does not know the id (404): callers drop the history_id then. */
export async function fetchHistoryDetail(id: string): Promise<HistoryDetail | null> {
  try {
    return await parseJson(
      api.detector.get(`v2/ai-detector/user-history/${encodeURIComponent(id)}`),
      historyDetailSchema,
    );
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const historyDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: historyKeys.detail(id), queryFn: () => fetchHistoryDetail(id) });
