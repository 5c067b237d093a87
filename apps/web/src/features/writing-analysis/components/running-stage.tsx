import type { JobSnapshot } from '@candor/contracts/tools';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatTokens } from '@/lib/format';
import { readPartialCounts } from '../api/writing-analysis';

interface RunningStageProps {
  /** Null while a remembered job is looked up after a reload, or the start request is on its way. */
  job: JobSnapshot | null;
  title: string | undefined;
  onCancel: () => void;
  isCancelling: boolean;
}

export function RunningStage({ job, title, onCancel, isCancelling }: RunningStageProps) {
  const percent = Math.round(job?.progress.percent ?? 0);
  const finishing = job?.status === 'succeeded';
  const stage = finishing ? 'Opening the report' : (job?.progress.stage ?? 'Starting the analysis');
  const counts = readPartialCounts(job?.partial);
  const canCancel = job !== null && (job.status === 'queued' || job.status === 'running');

  return (
    <Card aria-busy="true">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Spinner className="text-primary" />
          <h2>Analysing {title ? <span className="break-all">{title}</span> : 'your text'}</h2>
        </CardTitle>
        <CardDescription>
          {job
            ? `This run costs ${formatTokens(job.cost)} tokens, charged only when the report is saved.`
            : 'Connecting to your analysis…'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-2">
          <Progress value={finishing ? 100 : percent} aria-label="Analysis progress" />
          <div className="flex justify-between gap-4 text-sm">
            <p role="status" className="text-muted-foreground">
              {stage}…
            </p>
            <p className="font-medium tabular-nums" aria-hidden="true">
              {finishing ? 100 : percent}%
            </p>
          </div>
        </div>
        {counts && (
          <dl className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <div className="rounded-lg border bg-muted/40 p-3">
              <dt className="text-muted-foreground text-xs">Words so far</dt>
              <dd className="font-semibold text-xl tabular-nums">{counts.words.toLocaleString('en-US')}</dd>
            </div>
            <div className="rounded-lg border bg-muted/40 p-3">
              <dt className="text-muted-foreground text-xs">Sentences so far</dt>
              <dd className="font-semibold text-xl tabular-nums">{counts.sentences.toLocaleString('en-US')}</dd>
            </div>
          </dl>
        )}
        <div className="flex justify-end">
          <Button variant="outline" onClick={onCancel} disabled={!canCancel || isCancelling}>
            {isCancelling && <Spinner />}
            Cancel
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
