import {
  SITE_SCAN_ISSUES,
  type SiteScanInput,
  type SiteScanIssueId,
  type SiteScanResult,
  type SkipReason,
  skipReasonLabels,
} from '@candor/contracts/tools';
import { useQuery } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import CircleAlert from 'lucide-react/icons/circle-alert';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { tools } from '@/config/navigation';
import { DownloadReportButton } from '@/features/tool-runs/components/download-report-button';
import { ReportPanel } from '@/features/tool-runs/components/report-panel';
import { getErrorMessage } from '@/lib/api-client';
import { saveCsv } from '@/lib/download';
import { type StoredScan, storedScanQueryOptions } from '../api/site-scans';
import { aiDistribution, compareScans } from '../lib/compare';
import {
  filterAndSort,
  noFilter,
  type PageFilter,
  type PageSortKey,
  pageOf,
  type SortDirection,
} from '../lib/pages-table';
import { scanToCsv } from '../lib/scan-csv';
import { PageDrilldown, PageDrilldownSheet } from './page-drilldown';

const AiChart = lazy(() => import('./ai-chart'));
const number = (value: number) => value.toLocaleString('en-US');

/** A stored scan (?history_id=): its report, or one page of it when History opened a page. */
export function ScanReportView({
  historyId,
  onNew,
  onRescan,
  onShowRun,
}: {
  historyId: string;
  onNew: () => void;
  onRescan: (input: SiteScanInput) => void;
  onShowRun: (historyId: string) => void;
}) {
  const query = useQuery(storedScanQueryOptions(historyId));
  if (query.isPending) return <Skeleton className="h-96 w-full" aria-label="Loading the scan" />;
  if (query.isError || !query.data) {
    return (
      <Alert variant="destructive">
        <CircleAlert />
        <AlertTitle>This scan could not be opened</AlertTitle>
        <AlertDescription>
          <p>{query.isError ? getErrorMessage(query.error) : 'It is not a scan of yours.'}</p>
          <Button variant="outline" size="sm" onClick={onNew}>
            New scan
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (query.data.kind === 'page') {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        <PageHeader
          title="Scanned page"
          icon={tools.seoScanner.icon}
          actions={<Button onClick={onNew}>New scan</Button>}
        />
        <PageDrilldown page={query.data.page} />
      </div>
    );
  }
  return <ScanReport scan={query.data} onNew={onNew} onRescan={onRescan} onShowRun={onShowRun} />;
}

function ScanReport({
  scan,
  onNew,
  onRescan,
  onShowRun,
}: {
  scan: StoredScan;
  onNew: () => void;
  onRescan: (input: SiteScanInput) => void;
  onShowRun: (historyId: string) => void;
}) {
  const { report, item } = scan;
  const [openPage, setOpenPage] = useState<string | null>(null);
  const childIds = useMemo(() => new Map(item.children.map((child) => [child.title, child.history_id])), [item]);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={item.title}
        description={`${report.start_url} · ${new Date(item.created_at).toLocaleString()} · ${number(report.counts.scanned)} pages · ${number(item.cost)} tokens`}
        icon={tools.seoScanner.icon}
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => saveCsv(scanToCsv(report), `${item.title.replace(/[^\w.-]+/g, '-')}-pages.csv`)}
            >
              <FileSpreadsheet aria-hidden="true" /> Export CSV
            </Button>
            <DownloadReportButton tool="site-scan" historyId={item.history_id} title={item.title} />
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                onRescan({
                  url: scan.input.url,
                  ...(scan.input.scanName ? { scanName: scan.input.scanName } : {}),
                })
              }
            >
              <RotateCw aria-hidden="true" /> Rescan
            </Button>
            <Button variant="secondary" size="sm" onClick={onNew}>
              New scan
            </Button>
          </>
        }
      />
      {report.stopped && (
        <Alert role="status">
          <CircleAlert />
          <AlertTitle>
            {report.stopped === 'cancelled' ? 'The scan was stopped' : 'The scan reached its time limit'}
          </AlertTitle>
          <AlertDescription>
            <p>
              This report covers the {number(report.counts.scanned)} pages scanned until then; only those were charged.
            </p>
          </AlertDescription>
        </Alert>
      )}
      <Summary report={report} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopIssues report={report} />
        <AiAcrossSite report={report} />
      </div>
      {report.previous_scan_id && (
        <Comparison report={report} previousId={report.previous_scan_id} onShowRun={onShowRun} />
      )}
      <PagesTable report={report} onOpen={setOpenPage} />
      {report.broken_links.length > 0 && <BrokenLinks report={report} />}
      <Skipped report={report} />
      <PageDrilldownSheet
        url={openPage}
        childId={openPage ? (childIds.get(openPage) ?? null) : null}
        onClose={() => setOpenPage(null)}
      />
    </div>
  );
}

function Summary({ report }: { report: SiteScanResult }) {
  const tiles: [string, string, string?][] = [
    ['Site score', `${report.score}`, 'of 100, weighted as Lighthouse weighs its SEO audits'],
    ['Reads as AI-written', report.ai_percent === null ? '—' : `${report.ai_percent}%`, 'of the words, site-wide'],
    ['Pages scanned', number(report.counts.scanned), `${number(report.counts.found)} found`],
    ['Pages with personal data', number(report.pages_with_pii)],
    ['Skipped', number(report.counts.skipped), 'not charged'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" aria-label="Scan summary">
      {tiles.map(([label, value, note]) => (
        <div key={label} className="rounded-xl border bg-card p-4">
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="font-semibold text-3xl tabular-nums">{value}</dd>
          {note && <dd className="text-muted-foreground text-xs">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function TopIssues({ report }: { report: SiteScanResult }) {
  return (
    <ReportPanel title="Top issues">
      {report.top_issues.length === 0 ? (
        <p className="text-muted-foreground text-sm">No issues found.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Top issues">
          {report.top_issues.slice(0, 10).map((issue) => {
            const info = SITE_SCAN_ISSUES[issue.id];
            return (
              <li key={issue.id} className="grid gap-0.5">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{info.title}</span>
                  <span className="shrink-0 text-muted-foreground text-sm tabular-nums">
                    {number(issue.pages)} {issue.pages === 1 ? 'page' : 'pages'}
                    {issue.impact > 0 ? ` · −${issue.impact} pts` : ''}
                  </span>
                </div>
                <p className="text-muted-foreground text-sm">{info.advice}</p>
              </li>
            );
          })}
        </ol>
      )}
    </ReportPanel>
  );
}

function AiAcrossSite({ report }: { report: SiteScanResult }) {
  const distribution = useMemo(() => aiDistribution(report), [report]);
  return (
    <ReportPanel title="AI-written share across the site">
      <Suspense fallback={<Skeleton className="h-48 w-full" />}>
        <AiChart bands={distribution.bands} />
      </Suspense>
      <table className="mt-3 w-full text-sm" aria-label="Pages by AI-written share">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="font-normal">AI-written share</th>
            <th className="text-right font-normal">Pages</th>
          </tr>
        </thead>
        <tbody>
          {distribution.bands.map((band) => (
            <tr key={band.label}>
              <td>{band.label}</td>
              <td className="text-right tabular-nums">{number(band.pages)}</td>
            </tr>
          ))}
          {distribution.unscored > 0 && (
            <tr>
              <td>Too little text to judge</td>
              <td className="text-right tabular-nums">{number(distribution.unscored)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </ReportPanel>
  );
}

function Comparison({
  report,
  previousId,
  onShowRun,
}: {
  report: SiteScanResult;
  previousId: string;
  onShowRun: (historyId: string) => void;
}) {
  const query = useQuery(storedScanQueryOptions(previousId));
  const previous = query.data?.kind === 'scan' ? query.data : null;
  const comparison = useMemo(() => (previous ? compareScans(previous.report, report) : null), [previous, report]);
  if (!previous || !comparison) return null;
  const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);
  return (
    <ReportPanel title="Compared with the previous scan">
      <p className="text-sm">
        Against the scan of{' '}
        <button
          type="button"
          className="font-medium underline underline-offset-4"
          onClick={() => onShowRun(previousId)}
        >
          {new Date(previous.item.created_at).toLocaleString()}
        </button>
        : site score {signed(comparison.scoreChange)} points
        {comparison.aiChange === null ? '' : `, AI-written share ${signed(comparison.aiChange)} points`};{' '}
        {number(comparison.added.length)} new pages, {number(comparison.removed.length)} pages gone,{' '}
        {number(comparison.changed.length)} pages changed.
      </p>
      {comparison.issues.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm" aria-label="Issue changes">
          {comparison.issues.slice(0, 8).map((issue) => (
            <li key={issue.id}>
              {SITE_SCAN_ISSUES[issue.id].title}: {number(issue.before)} → {number(issue.after)} pages
            </li>
          ))}
        </ul>
      )}
      {comparison.changed.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm" aria-label="Pages that changed most">
          {comparison.changed.slice(0, 8).map((page) => (
            <li key={page.url} className="truncate">
              {page.url}: score {page.before} → {page.after}
              {page.aiBefore !== page.aiAfter ? `, AI ${page.aiBefore ?? '—'}% → ${page.aiAfter ?? '—'}%` : ''}
            </li>
          ))}
        </ul>
      )}
    </ReportPanel>
  );
}

const columns: { key: PageSortKey; label: string; numeric: boolean }[] = [
  { key: 'url', label: 'URL', numeric: false },
  { key: 'status', label: 'Status', numeric: true },
  { key: 'score', label: 'Score', numeric: true },
  { key: 'ai_percent', label: 'AI %', numeric: true },
  { key: 'issues', label: 'Issues', numeric: true },
  { key: 'pii_count', label: 'PII findings', numeric: true },
];

function PagesTable({ report, onOpen }: { report: SiteScanResult; onOpen: (url: string) => void }) {
  const [filter, setFilter] = useState<PageFilter>(noFilter);
  const [sort, setSort] = useState<{ key: PageSortKey; direction: SortDirection }>({ key: 'score', direction: 'asc' });
  const [page, setPage] = useState(1);
  const id = useId();
  const rows = useMemo(() => filterAndSort(report.pages, filter, sort), [report.pages, filter, sort]);
  const shown = pageOf(rows, page);
  const issuesFound = useMemo(
    () => [...new Set(report.pages.flatMap((p) => p.issues))] as SiteScanIssueId[],
    [report.pages],
  );
  const change = (next: Partial<PageFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const sortBy = (key: PageSortKey) => {
    setSort((current) => ({
      key,
      direction: current.key === key ? (current.direction === 'asc' ? 'desc' : 'asc') : key === 'url' ? 'asc' : 'desc',
    }));
    setPage(1);
  };
  return (
    <ReportPanel title="Pages">
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm" htmlFor={`${id}-find`}>
          Find
          <Input
            id={`${id}-find`}
            value={filter.query}
            onChange={(event) => change({ query: event.target.value })}
            placeholder="URL or title"
            className="w-56"
          />
        </label>
        <label className="grid gap-1 text-sm" htmlFor={`${id}-issue`}>
          Issue
          <select
            id={`${id}-issue`}
            // The height, border and type of the inputs beside it, so the filters line up.
            className="flex h-10 w-56 rounded-md border border-input bg-background px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
            value={filter.issue}
            onChange={(event) => change({ issue: event.target.value as PageFilter['issue'] })}
          >
            <option value="any">Any</option>
            <option value="none">No issues</option>
            {issuesFound.map((id) => (
              <option key={id} value={id}>
                {SITE_SCAN_ISSUES[id].title}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm" htmlFor={`${id}-ai`}>
          AI % at least
          <Input
            id={`${id}-ai`}
            type="number"
            min={0}
            max={100}
            value={filter.minAi}
            onChange={(event) => change({ minAi: Number(event.target.value) || 0 })}
            className="w-24"
          />
        </label>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={filter.piiOnly}
            onChange={(event) => change({ piiOnly: event.target.checked })}
          />
          With personal data
        </label>
        <p className="ml-auto flex h-10 items-center text-muted-foreground text-sm" aria-live="polite">
          {number(rows.length)} of {number(report.pages.length)} pages
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Scanned pages">
          <thead>
            <tr className="border-b text-left">
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'text-right' : ''}
                  aria-sort={sort.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 py-2 font-medium"
                    onClick={() => sortBy(column.key)}
                  >
                    {column.label}
                    {sort.key === column.key &&
                      (sort.direction === 'asc' ? (
                        <ArrowUp className="size-3" aria-hidden="true" />
                      ) : (
                        <ArrowDown className="size-3" aria-hidden="true" />
                      ))}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => (
              <tr key={row.url} className="border-b last:border-0">
                <td className="max-w-md py-1.5">
                  <button
                    type="button"
                    className="block max-w-full truncate text-left text-primary underline-offset-4 hover:underline"
                    onClick={() => onOpen(row.url)}
                    title={row.url}
                  >
                    {row.url}
                  </button>
                  {!row.indexable && <Badge variant="destructive">Not indexable</Badge>}
                </td>
                <td className="text-right tabular-nums">{row.status}</td>
                <td className="text-right tabular-nums">{row.score}</td>
                <td className="text-right tabular-nums">{row.ai_percent === null ? '—' : `${row.ai_percent}%`}</td>
                <td className="text-right tabular-nums">{row.issues.length}</td>
                <td className="text-right tabular-nums">{row.pii_count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="mt-3 flex items-center justify-end gap-2" aria-label="Pages of the table">
        <Button variant="outline" size="sm" disabled={shown.page <= 1} onClick={() => setPage(shown.page - 1)}>
          Previous
        </Button>
        <span className="text-sm tabular-nums">
          Page {shown.page} of {shown.pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={shown.page >= shown.pages}
          onClick={() => setPage(shown.page + 1)}
        >
          Next
        </Button>
      </nav>
    </ReportPanel>
  );
}

function BrokenLinks({ report }: { report: SiteScanResult }) {
  return (
    <ReportPanel title="Broken links">
      <ul className="grid gap-2 text-sm" aria-label="Broken links">
        {report.broken_links.slice(0, 100).map((link) => (
          <li key={link.url}>
            <span className="font-medium">{link.url}</span>{' '}
            <span className="text-muted-foreground">({link.status ?? link.reason})</span>, linked from{' '}
            {number(link.linked_from_count)} {link.linked_from_count === 1 ? 'page' : 'pages'}:{' '}
            <span className="text-muted-foreground">{link.linked_from.slice(0, 5).join(', ')}</span>
          </li>
        ))}
      </ul>
    </ReportPanel>
  );
}

function Skipped({ report }: { report: SiteScanResult }) {
  const reasons = Object.entries(report.skipped_by_reason).filter(([, n]) => (n ?? 0) > 0) as [SkipReason, number][];
  if (reasons.length === 0) return null;
  return (
    <ReportPanel title="Skipped pages (not charged)">
      <ul className="mb-3 flex flex-wrap gap-2" aria-label="Skipped by reason">
        {reasons.map(([reason, n]) => (
          <li key={reason}>
            <Badge variant="secondary">
              {skipReasonLabels[reason]}: {number(n)}
            </Badge>
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-sm">
          Show the skipped URLs ({number(report.skipped.length)} listed)
        </summary>
        <ul className="mt-2 grid max-h-80 gap-1 overflow-y-auto text-sm" aria-label="Skipped URLs">
          {report.skipped.map((skipped) => (
            <li key={`${skipped.url}-${skipped.reason}`} className="truncate">
              {skipped.url} — {skipped.detail}
            </li>
          ))}
        </ul>
      </details>
    </ReportPanel>
  );
}
