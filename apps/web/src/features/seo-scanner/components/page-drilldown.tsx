import { SITE_SCAN_ISSUES, type SiteScanPage } from '@candor/contracts/tools';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { ScoredText } from '@/features/tool-runs/components/scored-text';
import { scanPageQueryOptions } from '../api/site-scans';

/** The AI Detector's bands, from human to AI, readable in light and dark mode. */
const bands = [
  { below: 0.2, className: 'bg-emerald-500/15 dark:bg-emerald-400/15' },
  { below: 0.4, className: 'bg-lime-400/25 dark:bg-lime-300/15' },
  { below: 0.6, className: 'bg-amber-400/35 dark:bg-amber-300/25' },
  { below: 0.8, className: 'bg-orange-500/35 dark:bg-orange-400/30' },
  { below: Number.POSITIVE_INFINITY, className: 'bg-red-500/35 dark:bg-red-400/40' },
];
const bandOf = (probability: number) => bands.find((band) => probability < band.below)?.className ?? '';
const PII_MARK = 'underline decoration-2 decoration-violet-600 underline-offset-4 dark:decoration-violet-400';

/** A page's drill-down: its facts, issues, the AI Detector's view of its text and the personal data in it. */
export function PageDrilldown({ page }: { page: SiteScanPage }) {
  const sentences = useMemo(
    () =>
      (page.ai?.sentences ?? []).map((sentence, index) => {
        const percent = Math.round(sentence.ai_probability * 100);
        return {
          start: sentence.start,
          end: sentence.end,
          className: bandOf(sentence.ai_probability),
          label: `Sentence ${index + 1}: ${percent}% likely AI`,
          printLabel: `${percent}% AI`,
          cardLabel: `Sentence ${index + 1}`,
          card: <p className="text-sm">{percent}% likely AI-written</p>,
        };
      }),
    [page.ai],
  );
  const marks = useMemo(
    () => page.pii.map((finding) => ({ start: finding.start, end: finding.end, className: PII_MARK })),
    [page.pii],
  );
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">SEO score</dt>
          <dd className="font-semibold text-xl">{page.score}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">AI-written</dt>
          <dd className="font-semibold text-xl">{page.ai_percent === null ? '—' : `${page.ai_percent}%`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Words</dt>
          <dd className="font-semibold text-xl">{page.words.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="font-semibold text-xl">{page.status}</dd>
        </div>
      </dl>
      <section aria-label="Page facts" className="grid gap-1 text-sm">
        <p>
          <span className="text-muted-foreground">Title: </span>
          {page.title ?? 'none'}
        </p>
        <p>
          <span className="text-muted-foreground">Description: </span>
          {page.description ?? 'none'}
        </p>
        <p>
          <span className="text-muted-foreground">H1: </span>
          {page.h1.length > 0 ? page.h1.join(' · ') : 'none'}
        </p>
        {page.canonical && (
          <p>
            <span className="text-muted-foreground">Canonical: </span>
            {page.canonical}
          </p>
        )}
        {page.final_url && (
          <p>
            <span className="text-muted-foreground">Served from: </span>
            {page.final_url}
          </p>
        )}
      </section>
      <section aria-labelledby="page-issues">
        <h3 id="page-issues" className="mb-2 font-semibold">
          Issues
        </h3>
        {page.issue_details.length === 0 ? (
          <p className="text-muted-foreground text-sm">None.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Issues on this page">
            {page.issue_details.map((issue) => (
              <li key={`${issue.id}-${issue.detail}`}>
                <span className="font-medium">{SITE_SCAN_ISSUES[issue.id].title}</span>: {issue.detail}
              </li>
            ))}
          </ul>
        )}
      </section>
      {page.pii.length > 0 && (
        <section aria-labelledby="page-pii">
          <h3 id="page-pii" className="mb-2 font-semibold">
            Personal data found
          </h3>
          <ul className="flex flex-wrap gap-2" aria-label="Personal data found">
            {page.pii.map((finding) => (
              <li key={`${finding.start}-${finding.end}-${finding.type}`}>
                <Badge variant="outline">
                  {finding.type.replace(/_/g, ' ').toLowerCase()}: {finding.text}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="page-text">
        <h3 id="page-text" className="mb-1 font-semibold">
          Main text
        </h3>
        <p className="mb-2 text-muted-foreground text-xs">
          {page.ai ? page.ai.verdict : 'Too little text for the AI Detector to judge.'} Sentences are shaded from green
          (human) to red (AI); personal data is underlined in violet.
        </p>
        {page.text ? (
          <div className="max-h-[50vh] overflow-y-auto rounded-lg border p-3 text-sm leading-relaxed">
            <ScoredText text={page.text} sentences={sentences} marks={marks} label="Page text" />
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">No main text was found on this page.</p>
        )}
      </section>
    </div>
  );
}

/** The drill-down of a page picked in the table, in a side sheet (loaded from the page's child item). */
export function PageDrilldownSheet({
  url,
  childId,
  onClose,
}: {
  url: string | null;
  childId: string | null;
  onClose: () => void;
}) {
  const query = useQuery({ ...scanPageQueryOptions(childId ?? ''), enabled: childId !== null });
  return (
    <Sheet open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-3xl">
        <SheetHeader>
          <SheetTitle className="break-all">{url}</SheetTitle>
          <SheetDescription>One page of the scan</SheetDescription>
        </SheetHeader>
        <div className="px-4 pb-6">
          {query.data ? (
            <PageDrilldown page={query.data} />
          ) : query.isError || (query.isSuccess && !query.data) ? (
            <p className="text-sm">This page's details could not be loaded.</p>
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
