import { AI_DETECTION_MINIMUM_WORDS as HUMANIZED_MINIMUM_WORDS, toolServiceNames } from '@candor/contracts/tools';
import { uncertaintyWords } from '@candor/engine-ai-detect/report-wording';
import {
  classPercents,
  humanizedReportLevel,
  humanizedScorerLine,
  signalWording,
  uncertainNote,
} from '@candor/engine-humanized-detect/report-wording';
import CircleHelp from 'lucide-react/icons/circle-help';
import { useMemo } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { EvidenceList } from '@/features/tool-runs/components/evidence-list';
import { ObfuscationNotice } from '@/features/tool-runs/components/obfuscation-notice';
import { PrintStyles } from '@/features/tool-runs/components/print-styles';
import { ReportPanel, RunHeading } from '@/features/tool-runs/components/report-panel';
import { ResultActions } from '@/features/tool-runs/components/result-actions';
import {
  type ScoredMark,
  type ScoredSentence,
  ScoredText,
  ScoreLegend,
} from '@/features/tool-runs/components/scored-text';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import type { ResultStageProps } from '@/features/tool-runs/components/tool-run-page';
import { VerdictBasis } from '@/features/tool-runs/components/verdict-basis';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { checkedRunSummary } from '@/features/tool-runs/lib/run-summary';
import type { DetectorDraft } from '@/features/tool-runs/lib/sensitivity-draft';
import { cn } from '@/lib/utils';
import { HUMANIZED_DETECTION, type HumanizedDetectionRun, readHumanizedDetectionRun } from '../api/humanized-detection';
import {
  describeProbabilities,
  humanizedDetectionSummary,
  humanizedEvidenceDirection,
  humanizedLabelMeta,
  humanizedLabels,
  sentenceHighlight,
  signalKinds,
  signalMeta,
} from '../lib/humanized-scale';
import { ClassProbabilities } from './class-probabilities';

const labelLegend = humanizedLabels.map((label) => ({
  className: humanizedLabelMeta[label].strong,
  label: humanizedLabelMeta[label].name,
}));
const signalLegend = signalKinds.map((kind) => ({
  className: signalMeta[kind].underline,
  label: signalMeta[kind].label,
  description: signalMeta[kind].description,
}));

/** The stored Humanized Text Detector report at ?history_id=. */
export function HumanizedDetectionResult({
  historyId,
  copy,
  onEdit,
  onNew,
}: ResultStageProps<DetectorDraft> & { copy: ToolRunCopy }) {
  return (
    <StoredRun
      historyId={historyId}
      copy={copy}
      service={toolServiceNames[HUMANIZED_DETECTION]}
      read={readHumanizedDetectionRun}
      onNew={onNew}
    >
      {(run) => <HumanizedDetectionReport key={historyId} run={run} copy={copy} onEdit={onEdit} onNew={onNew} />}
    </StoredRun>
  );
}

function HumanizedDetectionReport({
  run,
  copy,
  onEdit,
  onNew,
}: { run: HumanizedDetectionRun; copy: ToolRunCopy } & Pick<ResultStageProps<DetectorDraft>, 'onEdit' | 'onNew'>) {
  const { item, report, text } = run;
  const title = item.title || run.fileName || 'Untitled text';
  const meta = humanizedLabelMeta[report.label];
  const signalWords = signalWording(report.label);
  const marks = useMemo<ScoredMark[]>(
    () => report.signals.map((signal) => ({ ...signal, className: signalMeta[signal.kind].underline })),
    [report.signals],
  );
  const sentences = useMemo<ScoredSentence[]>(
    () =>
      report.sentences.map((sentence, index) => {
        const name = `Sentence ${index + 1}`;
        const labelName = humanizedLabelMeta[sentence.label].name;
        const inside = report.signals.filter((signal) => signal.start >= sentence.start && signal.end <= sentence.end);
        return {
          start: sentence.start,
          end: sentence.end,
          className: sentenceHighlight(sentence),
          label: `${name}: ${labelName} (${describeProbabilities(sentence.probabilities)})`,
          printLabel: `${labelName} ${classPercents(sentence.probabilities)[sentence.label]}`,
          cardLabel: `Why ${name.toLowerCase()} reads as ${labelName}`,
          card: (
            <div className="space-y-2 text-sm">
              <p className="flex items-center gap-2">
                <span className="font-medium">{name}</span>
                <Badge variant="outline" className={humanizedLabelMeta[sentence.label].badge}>
                  {labelName}
                </Badge>
              </p>
              <p className="text-muted-foreground text-xs tabular-nums">
                {describeProbabilities(sentence.probabilities)}
              </p>
              {inside.length > 0 && (
                <ul className="space-y-0.5 text-xs">
                  {inside.map((signal) => (
                    <li key={signal.start}>
                      <span className="font-medium">{signalMeta[signal.kind].label}:</span> “
                      {text.slice(signal.start, signal.end)}”
                    </li>
                  ))}
                </ul>
              )}
              <EvidenceList
                compact
                evidence={sentence.evidence}
                directionOf={humanizedEvidenceDirection(sentence)}
                empty="No single feature stood out in this sentence."
              />
            </div>
          ),
        };
      }),
    [report.sentences, report.signals, text],
  );
  const clipboardText = useMemo(() => `${humanizedDetectionSummary(report, title)}\n\n${text}`, [report, title, text]);

  return (
    <div className="space-y-4" data-print-area>
      <PrintStyles />
      <div className="flex flex-col gap-3">
        <RunHeading title={title} summary={checkedRunSummary(item.created_at, report.words, item.cost)} />
        <ResultActions
          tool={HUMANIZED_DETECTION}
          historyId={item.history_id}
          copy={copy}
          clipboardText={clipboardText}
          onEdit={() => onEdit({ text, fileName: run.fileName, sensitivity: humanizedReportLevel(report).level })}
          onNew={onNew}
          pdfTitle={item.title}
        />
      </div>

      {/* The last row takes what the tall text leaves over, so the verdict's row stays as high as the verdict. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <ReportPanel title="Verdict" className="lg:col-start-2 lg:row-start-1">
          <div className="space-y-4">
            <div className="space-y-1.5">
              <Badge variant="outline" className={cn('text-sm', meta.badge)}>
                {meta.name}
              </Badge>
              <p className="text-sm">{report.verdict}</p>
            </div>
            {report.uncertain && (
              <Alert>
                <CircleHelp />
                <AlertTitle>Uncertain</AlertTitle>
                <AlertDescription>
                  <p>{uncertainNote(meta.name)}</p>
                </AlertDescription>
              </Alert>
            )}
            <ObfuscationNotice obfuscation={report.obfuscation} />
            <ClassProbabilities report={report} />
            <VerdictBasis
              level={humanizedReportLevel(report)}
              scorer={humanizedScorerLine(report)}
              reasons={uncertaintyWords(report.uncertainty, HUMANIZED_MINIMUM_WORDS)}
              uncertain={report.uncertain}
            />
          </div>
        </ReportPanel>

        <Card className="py-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <CardContent className="space-y-4 px-5">
            <div className="space-y-3">
              <ScoreLegend title="Each sentence reads as (paler: less sure)" entries={labelLegend} />
              <ScoreLegend title={signalWords.legend} entries={signalLegend} swatch="underline" />
            </div>
            {sentences.length > 0 ? (
              <ScoredText text={text} sentences={sentences} marks={marks} label="Checked text" />
            ) : (
              <p className="text-muted-foreground text-sm">No sentences were scored in this text.</p>
            )}
            <p className="text-muted-foreground text-xs" data-print-hide>
              {signalWords.caption(report.signals.length)} Focus or point at a sentence to see what pushed its label.
            </p>
          </CardContent>
        </Card>

        <ReportPanel title="What the verdict rests on" className="lg:col-start-2">
          <EvidenceList evidence={report.evidence} directionOf={humanizedEvidenceDirection(report)} />
        </ReportPanel>
      </div>
    </div>
  );
}
