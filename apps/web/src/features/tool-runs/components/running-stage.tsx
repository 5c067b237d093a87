import type { JobSnapshot } from '@candor/contracts/tools';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { formatTokens } from '@/lib/format';
import { capitalise, type ToolRunCopy } from '../lib/copy';

interface RunningStageProps {
  copy: ToolRunCopy;
  /** Null while a remembered job is looked up after a reload, or the start request is on its way. */
  job: JobSnapshot | null;
  title: string | undefined;
  onCancel: () => void;
  isCancelling: boolean;
  /** What the run has found so far (the tool reads its job's `partial`). */
  children?: ReactNode;
}

/** A run in progress: its stage in words, a progress bar, its cost, and Cancel. */
export function RunningStage({ copy, job, title, onCancel, isCancelling, children }: RunningStageProps) {
  const percent = Math.round(job?.progress.percent ?? 0);
  const finishing = job?.status === 'succeeded';
  const stage = finishing ? 'Opening the report' : (job?.progress.stage ?? `Starting the ${copy.noun}`);
  const canCancel = job !== null && (job.status === 'queued' || job.status === 'running');

  return (
    <Card aria-busy="true">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Spinner className="text-primary" />
          <h2>
            {copy.progressing}{' '}
            {title ? (
              <span className="break-all" dir="auto">
                {title}
              </span>
            ) : (
              'your text'
            )}
          </h2>
        </CardTitle>
        <CardDescription>
          {job
            ? `This run costs ${formatTokens(job.cost)} tokens, charged only when the report is saved.`
            : `Connecting to your ${copy.noun}…`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-2">
          <Progress value={finishing ? 100 : percent} aria-label={`${capitalise(copy.noun)} progress`} />
          <div className="flex justify-between gap-4 text-sm">
            <p role="status" className="text-muted-foreground">
              {stage}…
            </p>
            <p className="font-medium tabular-nums" aria-hidden="true">
              {finishing ? 100 : percent}%
            </p>
          </div>
        </div>
        {children}
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
