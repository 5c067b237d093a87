import { toolServiceNames } from '@candor/contracts/tools';
import Copy from 'lucide-react/icons/copy';
import PenLine from 'lucide-react/icons/pen-line';
import Plus from 'lucide-react/icons/plus';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DownloadReportButton } from '@/features/tool-runs/components/download-report-button';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import type { ResultStageProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import type { Draft } from '@/features/tool-runs/lib/draft';
import { formatDate, formatTokens } from '@/lib/format';
import { toast } from '@/lib/toast';
import { readWritingAnalysisRun, WRITING_ANALYSIS, type WritingAnalysisRun } from '../api/writing-analysis';
import { useAnnotatedDocument } from '../use-annotated-document';
import { AnnotatedDocument } from './annotated-document';
import { CountsPanel, IssueCountsPanel, ReadabilityPanel, SentenceLengthPanel, VocabularyPanel } from './report-panels';

/** The stored Writing Analysis report at ?history_id=. */
export function ResultStage({ historyId, copy, onEdit, onNew }: ResultStageProps & { copy: ToolRunCopy }) {
  return (
    <StoredRun
      historyId={historyId}
      copy={copy}
      service={toolServiceNames[WRITING_ANALYSIS]}
      read={readWritingAnalysisRun}
      onNew={onNew}
    >
      {(run) => <RunReport key={historyId} run={run} onEdit={onEdit} onNew={onNew} />}
    </StoredRun>
  );
}

function RunReport({
  run,
  onEdit,
  onNew,
}: {
  run: WritingAnalysisRun;
  onEdit: (draft: Draft) => void;
  onNew: () => void;
}) {
  const { item, report } = run;
  const document = useAnnotatedDocument(run.text, report.issues, item.history_id);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(document.text);
      toast.success('Text copied');
    } catch {
      toast.error('Could not copy the text. Select it and copy it by hand.');
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="truncate font-semibold text-lg" dir="auto">
            {item.title || run.fileName || 'Untitled text'}
          </h2>
          <p className="text-muted-foreground text-sm">
            Analysed {formatDate(item.created_at, { dateStyle: 'medium' })} ·{' '}
            {report.counts.words.toLocaleString('en-US')} {report.counts.words === 1 ? 'word' : 'words'} ·{' '}
            {formatTokens(item.cost)} {item.cost === 1 ? 'token' : 'tokens'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <DownloadReportButton
            tool={WRITING_ANALYSIS}
            historyId={item.history_id}
            title={item.title}
            label="Download PDF report"
          />
          <Button size="sm" variant="outline" onClick={() => onEdit({ text: document.text, fileName: run.fileName })}>
            <PenLine />
            Edit and re-analyse
          </Button>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <Copy />
            Copy text
          </Button>
          <Button size="sm" variant="ghost" onClick={onNew}>
            <Plus />
            New analysis
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="py-5">
          <CardContent className="space-y-3 px-5">
            {document.edited && (
              <p className="rounded-md bg-warning/15 px-3 py-2 text-sm text-warning-foreground dark:text-warning">
                You have edited the text. The scores describe the analysed version: re-analyse to update them.
              </p>
            )}
            <AnnotatedDocument document={document} />
          </CardContent>
        </Card>
        <div className="space-y-4">
          <ReadabilityPanel report={report} />
          <CountsPanel report={report} />
          <SentenceLengthPanel report={report} />
          <VocabularyPanel report={report} />
          <IssueCountsPanel report={report} openIssues={document.issues} />
        </div>
      </div>
    </div>
  );
}
