import type { HistoryItem } from '@candor/contracts';
import {
  type SiteScanPage,
  type SiteScanResult,
  siteScanPageSchema,
  siteScanResultSchema,
} from '@candor/contracts/tools';
import { queryOptions } from '@tanstack/react-query';
import { fetchHistoryDetail, historyKeys, historyListQueryOptions } from '@/features/history/api/history.queries';

export const SITE_SCAN = 'site-scan' as const;

/** A stored scan: its history item (with one child per page), the form it was started with, and its report. */
export interface StoredScan {
  kind: 'scan';
  item: HistoryItem;
  input: { url: string; scanName?: string | undefined };
  report: SiteScanResult;
}

/** A page of a scan opened on its own (History lists pages as the scan's children). */
export interface StoredScanPage {
  kind: 'page';
  item: HistoryItem;
  page: SiteScanPage;
}

/** A scan or one of its pages by history id; null when the id is unknown or is another tool's run. */
export async function fetchStoredScan(historyId: string): Promise<StoredScan | StoredScanPage | null> {
  const detail = await fetchHistoryDetail(historyId);
  if (detail?.item.model_name !== 'SITE_SCAN') return null;
  const report = siteScanResultSchema.safeParse(detail.result);
  if (report.success) {
    const input = detail.input as StoredScan['input'];
    return { kind: 'scan', item: detail.item, input, report: report.data };
  }
  const page = siteScanPageSchema.safeParse(detail.result);
  return page.success ? { kind: 'page', item: detail.item, page: page.data } : null;
}

export const storedScanQueryOptions = (historyId: string) =>
  queryOptions({
    queryKey: [...historyKeys.detail(historyId), 'site-scan'] as const,
    queryFn: () => fetchStoredScan(historyId),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A page's drill-down: the scan's child item. */
export const scanPageQueryOptions = (childId: string) =>
  queryOptions({
    queryKey: [...historyKeys.detail(childId), 'site-scan-page'] as const,
    queryFn: async () => {
      const stored = await fetchStoredScan(childId);
      return stored?.kind === 'page' ? stored.page : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The five latest scans, for the form's "Recent scans". */
export const recentScansQueryOptions = () => historyListQueryOptions({ page: 1, perPage: 5, services: ['SITE_SCAN'] });
