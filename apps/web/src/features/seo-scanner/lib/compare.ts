import type { SiteScanIssueId, SiteScanResult } from '@candor/contracts/tools';

export interface ScanComparison {
  scoreChange: number;
  /** Words-weighted AI % now minus then; null when either scan had none. */
  aiChange: number | null;
  added: string[];
  removed: string[];
  /** Pages in both whose score moved, biggest moves first. */
  changed: { url: string; before: number; after: number; aiBefore: number | null; aiAfter: number | null }[];
  /** Pages affected per issue, then and now, for issues either scan had. */
  issues: { id: SiteScanIssueId; before: number; after: number }[];
}

/** What changed between an earlier scan of a site and this one. */
export function compareScans(before: SiteScanResult, after: SiteScanResult): ScanComparison {
  const then = new Map(before.pages.map((page) => [page.url, page]));
  const now = new Map(after.pages.map((page) => [page.url, page]));
  const changed = after.pages
    .flatMap((page) => {
      const old = then.get(page.url);
      if (!old || (old.score === page.score && old.ai_percent === page.ai_percent)) return [];
      return [
        { url: page.url, before: old.score, after: page.score, aiBefore: old.ai_percent, aiAfter: page.ai_percent },
      ];
    })
    .sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || a.url.localeCompare(b.url));
  const ids = new Set([...before.top_issues, ...after.top_issues].map((issue) => issue.id));
  const pagesWith = (report: SiteScanResult, id: SiteScanIssueId) =>
    report.top_issues.find((issue) => issue.id === id)?.pages ?? 0;
  return {
    scoreChange: after.score - before.score,
    aiChange: after.ai_percent === null || before.ai_percent === null ? null : after.ai_percent - before.ai_percent,
    added: after.pages.filter((page) => !then.has(page.url)).map((page) => page.url),
    removed: before.pages.filter((page) => !now.has(page.url)).map((page) => page.url),
    changed,
    issues: [...ids]
      .map((id) => ({ id, before: pagesWith(before, id), after: pagesWith(after, id) }))
      .filter((issue) => issue.before !== issue.after)
      .sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before)),
  };
}

/** Pages per AI % band, for the chart and its table. */
export function aiDistribution(report: SiteScanResult) {
  const bands = [
    { label: '0–20%', from: 0, to: 20 },
    { label: '20–40%', from: 20, to: 40 },
    { label: '40–60%', from: 40, to: 60 },
    { label: '60–80%', from: 60, to: 80 },
    { label: '80–100%', from: 80, to: 101 },
  ];
  const scored = report.pages.filter((page) => page.ai_percent !== null);
  return {
    bands: bands.map((band) => ({
      label: band.label,
      pages: scored.filter((page) => (page.ai_percent as number) >= band.from && (page.ai_percent as number) < band.to)
        .length,
    })),
    unscored: report.pages.length - scored.length,
  };
}
