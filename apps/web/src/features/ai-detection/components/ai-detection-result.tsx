import { toolServiceNames } from '@candor/contracts/tools';
import {
  aiReportLevel,
  aiVerdict,
  localModelNote,
  scorerLine,
  sourceModelWording,
  uncertaintyWords,
} from '@candor/engine-ai-detect/report-wording';
import { formatPercent } from '@candor/engine-writing/percent';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { EvidenceList } from '@/features/tool-runs/components/evidence-list';
import { ObfuscationNotice } from '@/features/tool-runs/components/obfuscation-notice';
import { PrintStyles } from '@/features/tool-runs/components/print-styles';
import { ReportPanel, RunHeading } from '@/features/tool-runs/components/report-panel';
import { ResultActions } from '@/features/tool-runs/components/result-actions';
import { type ScoredSentence, ScoredText, ScoreLegend } from '@/features/tool-runs/components/scored-text';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import type { ResultStageProps } from '@/features/tool-runs/components/tool-run-page';
import { VerdictBasis } from '@/features/tool-runs/components/verdict-basis';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { checkedRunSummary } from '@/features/tool-runs/lib/run-summary';
import type { DetectorDraft } from '@/features/tool-runs/lib/sensitivity-draft';
import { cn } from '@/lib/utils';
import { AI_DETECTION, type AiDetectionRun, readAiDetectionRun } from '../api/ai-detection';
import { aiDetectionSummary, aiLabelMeta, probabilityBand, probabilityBands } from '../lib/ai-scale';
import { ProbabilityGauge } from './probability-gauge';
import { SourceModelPanel } from './source-model-panel';

const legend = probabilityBands.map((band) => ({ className: band.className, label: band.label }));

/** The stored AI Detector report at ?history_id=. */
export function AiDetectionResult({
  historyId,
  copy,
  onEdit,
  onNew,
}: ResultStageProps<DetectorDraft> & { copy: ToolRunCopy }) {
  return (
    <StoredRun
      historyId={historyId}
      copy={copy}
      service={toolServiceNames[AI_DETECTION]}
      read={readAiDetectionRun}
      onNew={onNew}
    >
      {(run) => <AiDetectionReport key={historyId} run={run} copy={copy} onEdit={onEdit} onNew={onNew} />}
    </StoredRun>
  );
}

function AiDetectionReport({
  run,
  copy,
  onEdit,
  onNew,
}: { run: AiDetectionRun; copy: ToolRunCopy } & Pick<ResultStageProps<DetectorDraft>, 'onEdit' | 'onNew'>) {
  const { item, report, text } = run;
  const title = item.title || run.fileName || 'Untitled text';
  const meta = aiLabelMeta[report.label];
  const verdict = aiVerdict(report);
  const source = sourceModelWording(report);
  const localModel = localModelNote(report);
  const sentences = useMemo<ScoredSentence[]>(
    () =>
      report.sentences.map((sentence, index) => {
        const name = `Sentence ${index + 1}`;
        const percent = formatPercent(sentence.ai_probability);
        return {
          start: sentence.start,
          end: sentence.end,
          className: probabilityBand(sentence.ai_probability).className,
          label: `${name}: ${percent} likely AI`,
          printLabel: `${percent} AI`,
          cardLabel: `Why ${name.toLowerCase()} scored ${percent}`,
          card: (
            <div className="space-y-2">
              <p className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium">{name}</span>
                <span className="flex items-center gap-1.5 tabular-nums">
                  <span
                    aria-hidden="true"
                    className={cn('size-3 rounded-sm border', probabilityBand(sentence.ai_probability).className)}
                  />
                  {percent} likely AI
                </span>
              </p>
              <EvidenceList
                compact
                evidence={sentence.evidence}
                empty="No single feature stood out in this sentence."
              />
            </div>
          ),
        };
      }),
    [report.sentences],
  );
  const clipboardText = useMemo(() => `${aiDetectionSummary(report, title)}\n\n${text}`, [report, title, text]);

  return (
    <div className="space-y-4" data-print-area>
      <PrintStyles />
      <div className="flex flex-col gap-3">
        <RunHeading title={title} summary={checkedRunSummary(item.created_at, report.words, item.cost)} />
        <ResultActions
          tool={AI_DETECTION}
          historyId={item.history_id}
          copy={copy}
          clipboardText={clipboardText}
          onEdit={() => onEdit({ text, fileName: run.fileName, sensitivity: aiReportLevel(report).level })}
          onNew={onNew}
          pdfTitle={item.title}
        />
      </div>

      {/* The last row takes what the tall text leaves over, so the rows above stay as high as their panels. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <ReportPanel title="Verdict" className="lg:col-start-2 lg:row-start-1">
          <div className="space-y-4">
            <ProbabilityGauge report={report} />
            <div className="space-y-1.5">
              <Badge variant="outline" className={cn('text-sm', meta.badge)}>
                {verdict.name}
              </Badge>
              <p className="text-sm">{verdict.explanation}</p>
            </div>
            <VerdictBasis
              level={aiReportLevel(report)}
              scorer={scorerLine(report)}
              note={localModel}
              reasons={uncertaintyWords(report.uncertainty)}
              uncertain={report.label === 'uncertain'}
            />
            <ObfuscationNotice obfuscation={report.obfuscation} />
          </div>
        </ReportPanel>

        <Card className="py-5 lg:col-start-1 lg:row-span-3 lg:row-start-1">
          <CardContent className="space-y-4 px-5">
            <ScoreLegend title="Chance each sentence was written by AI" entries={legend} />
            {sentences.length > 0 ? (
              <ScoredText text={text} sentences={sentences} label="Checked text" />
            ) : (
              <p className="text-muted-foreground text-sm">No sentences were scored in this text.</p>
            )}
            <p className="text-muted-foreground text-xs" data-print-hide>
              Focus or point at a sentence to see what pushed its score.
            </p>
          </CardContent>
        </Card>

        <ReportPanel title="What the score rests on" className="lg:col-start-2">
          <EvidenceList evidence={report.evidence} />
        </ReportPanel>
        <ReportPanel title={source?.title ?? 'Likely source model'} className="lg:col-start-2">
          <SourceModelPanel report={report} />
        </ReportPanel>
      </div>
    </div>
  );
}
