import {
  type JobSnapshot,
  type SiteScanInput,
  siteScanInputSchema,
  siteScanProgressSchema,
} from '@candor/contracts/tools';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/form/form-parts';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { tools } from '@/config/navigation';
import { historyKeys } from '@/features/history/api/history.queries';
import { invalidateBalance } from '@/features/tokens/api/token-balance.queries';
import { StartError } from '@/features/tool-runs/components/start-error';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { useToolJob } from '@/features/tool-runs/use-tool-job';
import { toast } from '@/lib/toast';
import { recentScansQueryOptions, SITE_SCAN } from '../api/site-scans';
import { ScanReportView } from './scan-report';

export const scanCopy: ToolRunCopy = {
  textLabel: 'Website address',
  submitLabel: 'Scan website',
  noun: 'scan',
  verb: 'scan',
  progressing: 'Scanning',
};

export interface SeoScannerPageProps {
  historyId: string | undefined;
  onShowRun: (historyId: string) => void;
  onLeaveRun: () => void;
}

const number = (value: number) => value.toLocaleString('en-US');

/** `/seo-scanner`: the scan form, a running scan's live counts and recent scans; a stored scan's report. */
export function SeoScannerPage({ historyId, onShowRun, onLeaveRun }: SeoScannerPageProps) {
  const queryClient = useQueryClient();
  const scan = useToolJob<SiteScanInput>(SITE_SCAN, {
    onSucceeded: (job) => {
      if (job.history_id) onShowRun(job.history_id);
    },
    onCancelled: (job) => {
      // A stopped scan keeps the pages it scanned: they were charged and stored.
      if (!job.history_id) return;
      void invalidateBalance(queryClient);
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      toast.info('Scan stopped', { description: 'The pages scanned so far are saved in the report.' });
      onShowRun(job.history_id);
    },
  });

  if (historyId && !scan.isActive) {
    return (
      <ScanReportView
        historyId={historyId}
        onNew={() => {
          scan.reset();
          onLeaveRun();
        }}
        onRescan={(input) => void scan.start(input).then(onLeaveRun)}
        onShowRun={onShowRun}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={tools.seoScanner.title}
        description="Crawl a website: every page's AI-written share, what hurts it in search, and the personal data it shows."
        icon={tools.seoScanner.icon}
      />
      {scan.isActive ? (
        <RunningScan job={scan.job} cancelling={scan.isCancelling} onCancel={() => void scan.cancel()} />
      ) : (
        <div className="grid gap-6">
          <ScanForm
            pending={scan.isStarting || scan.isResuming}
            error={scan.error}
            failure={scan.job?.status === 'failed' ? scan.job.error : null}
            onSubmit={(input) => scan.start(input)}
          />
          <RecentScans />
        </div>
      )}
    </div>
  );
}

function ScanForm({
  pending,
  error,
  failure,
  onSubmit,
}: {
  pending: boolean;
  error: unknown;
  failure: JobSnapshot['error'];
  onSubmit: (input: SiteScanInput) => Promise<void>;
}) {
  const form = useForm<SiteScanInput>({
    resolver: zodResolver(siteScanInputSchema),
    defaultValues: { url: '', scanName: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ url, scanName, max_pages }) => {
    await onSubmit({
      url,
      ...(scanName ? { scanName } : {}),
      ...(max_pages ? { max_pages } : {}),
    });
  });
  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Scan a website">
          {error ? <StartError error={error} copy={scanCopy} /> : null}
          {failure && (
            <Alert variant="destructive" role="alert">
              <CircleAlert />
              <AlertTitle>The scan failed</AlertTitle>
              <AlertDescription>
                <p>{failure.message}</p>
              </AlertDescription>
            </Alert>
          )}
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr_auto]">
            <FormField
              id="scan-url"
              label="Website address"
              error={errors.url}
              description="The scheme is optional; https is assumed."
            >
              {(aria) => (
                <Input
                  {...aria}
                  type="text"
                  inputMode="url"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="example.com"
                  {...form.register('url')}
                />
              )}
            </FormField>
            <FormField id="scan-name" label="Scan name (optional)" error={errors.scanName}>
              {(aria) => <Input {...aria} type="text" placeholder="Spring audit" {...form.register('scanName')} />}
            </FormField>
            <FormField
              id="scan-max-pages"
              label="Pages at most"
              error={errors.max_pages}
              description="Your plan's limit when empty"
            >
              {(aria) => (
                <Input
                  {...aria}
                  type="number"
                  min={1}
                  className="sm:w-32"
                  {...form.register('max_pages', {
                    setValueAs: (value: string) => (value === '' || value === undefined ? undefined : Number(value)),
                  })}
                />
              )}
            </FormField>
          </div>
          <p className="text-muted-foreground text-sm">
            Charged per page scanned; pages skipped (robots.txt, limits, errors) cost nothing. Candor reads robots.txt
            and the sitemaps first and stays on the site's own host.
          </p>
          <div>
            <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
              {pending && <Spinner />}
              {scanCopy.submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function RunningScan({
  job,
  cancelling,
  onCancel,
}: {
  job: JobSnapshot | null;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const counts = siteScanProgressSchema.safeParse(job?.partial);
  const percent = job?.progress.percent ?? 0;
  return (
    <Card role="region" aria-label="Scan in progress">
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-4">
          <p className="font-medium" aria-live="polite">
            {job?.progress.stage ?? 'Starting the scan'}
          </p>
          <Button variant="outline" onClick={onCancel} disabled={cancelling} aria-busy={cancelling}>
            {cancelling && <Spinner />}
            Stop scan
          </Button>
        </div>
        <Progress value={percent} aria-label="Scan progress" />
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Live counts">
          {(
            [
              ['Pages found', counts.success ? counts.data.found : 0],
              ['Fetched', counts.success ? counts.data.fetched : 0],
              ['Scanned', counts.success ? counts.data.scanned : 0],
              ['Skipped', counts.success ? counts.data.skipped : 0],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg border p-3">
              <dt className="text-muted-foreground text-xs">{label}</dt>
              <dd className="font-semibold text-2xl tabular-nums">{number(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-muted-foreground text-sm">
          Stopping keeps the pages scanned so far: you get their report and are charged only for them.
        </p>
      </CardContent>
    </Card>
  );
}

function RecentScans() {
  const query = useQuery(recentScansQueryOptions());
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby="recent-scans-heading" className="grid gap-3">
      <h2 id="recent-scans-heading" className="font-semibold text-lg">
        Recent scans
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No scans yet. Your scans appear here and in History.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Recent scans">
          {items.map((item) => (
            <li key={item.history_id} className="flex items-center justify-between gap-4 p-3">
              <Link
                to="/seo-scanner"
                search={{ history_id: item.history_id }}
                className="min-w-0 truncate font-medium underline-offset-4 hover:underline"
              >
                {item.title}
              </Link>
              <span className="shrink-0 text-muted-foreground text-sm">
                {item.children.length} pages · {new Date(item.created_at).toLocaleString()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
