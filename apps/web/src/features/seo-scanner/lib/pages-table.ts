import type { ScannedPage, SiteScanIssueId } from '@candor/contracts/tools';

export type PageSortKey = 'url' | 'status' | 'ai_percent' | 'issues' | 'pii_count' | 'score';
export type SortDirection = 'asc' | 'desc';

export interface PageFilter {
  /** Words to find in the URL or the title. */
  query: string;
  issue: SiteScanIssueId | 'any' | 'none';
  /** Only pages at or above this AI % (0 shows all, pages without a score included). */
  minAi: number;
  piiOnly: boolean;
}

export const PAGE_SIZE = 50;
export const noFilter: PageFilter = { query: '', issue: 'any', minAi: 0, piiOnly: false };

const sortValue = (page: ScannedPage, key: PageSortKey): number | string => {
  if (key === 'issues') return page.issues.length;
  if (key === 'ai_percent') return page.ai_percent ?? -1;
  return page[key];
};

/** The pages a filter keeps, sorted; thousands of rows take a few milliseconds, so it runs on every change. */
export function filterAndSort(
  pages: readonly ScannedPage[],
  filter: PageFilter,
  sort: { key: PageSortKey; direction: SortDirection },
): ScannedPage[] {
  const query = filter.query.trim().toLowerCase();
  const kept = pages.filter(
    (page) =>
      (query === '' || page.url.toLowerCase().includes(query) || (page.title ?? '').toLowerCase().includes(query)) &&
      (filter.issue === 'any' ||
        (filter.issue === 'none' ? page.issues.length === 0 : page.issues.includes(filter.issue))) &&
      (filter.minAi === 0 || (page.ai_percent ?? -1) >= filter.minAi) &&
      (!filter.piiOnly || page.pii_count > 0),
  );
  const sign = sort.direction === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return sign * order || a.url.localeCompare(b.url);
  });
}

/** One page of rows, and how many pages there are (at least one). */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}
