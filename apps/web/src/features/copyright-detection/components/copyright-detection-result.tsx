import { comparedLine, countedLine, excludedLine, similarityVerdict } from '@candor/contracts/plagiarism-wording';
import { toolServiceNames } from '@candor/contracts/tools';
import { formatPercent } from '@candor/engine-writing/percent';
import FileSpreadsheet from 'lucide-react/icons/file-spreadsheet';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ObfuscationNotice } from '@/features/tool-runs/components/obfuscation-notice';
import { PrintStyles } from '@/features/tool-runs/components/print-styles';
import { ReportPanel, RunHeading } from '@/features/tool-runs/components/report-panel';
import { ResultActions } from '@/features/tool-runs/components/result-actions';
import { ScoreLegend } from '@/features/tool-runs/components/scored-text';
import { StoredRun } from '@/features/tool-runs/components/stored-run';
import type { ResultStageProps } from '@/features/tool-runs/components/tool-run-page';
import type { ToolRunCopy } from '@/features/tool-runs/lib/copy';
import { checkedRunSummary } from '@/features/tool-runs/lib/run-summary';
import { saveCsv } from '@/lib/download';
import { type CopyrightRun, PLAGIARISM, readCopyrightRun } from '../api/copyright-detection';
import { csvFileName, matchesCsv } from '../lib/csv';
import { type CopyrightDraft, draftFromRun } from '../lib/draft';
import { copyrightSummary, type Passage, readPassages, sourceEntries } from '../lib/report';
import { MatchedText } from './matched-text';
import { PassageList, passageElementId } from './passage-list';
import { SourceList } from './source-list';
import { UnreadSourcesNotice } from './unread-sources-notice';

type CopyrightResultProps = ResultStageProps<CopyrightDraft> & { copy: ToolRunCopy };

/** The stored Copyright Detector report at ?history_id=. */
export function CopyrightDetectionResult({ historyId, copy, onEdit, onNew }: CopyrightResultProps) {
  return (
    <StoredRun
      historyId={historyId}
      copy={copy}
      service={toolServiceNames[PLAGIARISM]}
      read={readCopyrightRun}
      onNew={onNew}
    >
      {(run) => <CopyrightReport key={historyId} run={run} copy={copy} onEdit={onEdit} onNew={onNew} />}
    </StoredRun>
  );
}

function CopyrightReport({
  run,
  copy,
  onEdit,
  onNew,
}: { run: CopyrightRun; copy: ToolRunCopy } & Pick<CopyrightResultProps, 'onEdit' | 'onNew'>) {
  const { item, report, text } = run;
  const title = item.title || run.fileName || 'Untitled text';
  const entries = useMemo(() => sourceEntries(report), [report]);
  const passages = useMemo(() => readPassages(report, text, entries), [report, text, entries]);
  const [selected, setSelected] = useState<string | null>(null);
  const selectedEntry = entries.find((entry) => entry.source.source_id === selected) ?? null;
  const shown = useMemo(
    () => (selected ? passages.filter((passage) => passage.entry.source.source_id === selected) : passages),
    [passages, selected],
  );
  const idPrefix = useId();
  // A marker in the text moves focus to its passage once the list shows it (after a filter is cleared).
  const [focusPassage, setFocusPassage] = useState<number | null>(null);
  useEffect(() => {
    if (focusPassage === null) return;
    document.getElementById(passageElementId(idPrefix, focusPassage))?.focus();
    setFocusPassage(null);
  }, [focusPassage, idPrefix]);
  const showPassage = (passage: Passage) => {
    if (selected !== null && selected !== passage.entry.source.source_id) setSelected(null);
    setFocusPassage(passage.number);
  };

  const legend = useMemo(
    () => [
      ...entries
        .filter((entry) => entry.passages > 0)
        .map((entry) => ({ className: entry.colour.swatch, label: `${entry.number}. ${entry.source.title}` })),
      ...(report.excluded.length > 0
        ? [
            {
              className: 'bg-muted-foreground/50',
              label: 'Faded',
              description: 'not counted (quotations, the reference list)',
            },
          ]
        : []),
    ],
    [entries, report.excluded.length],
  );
  const clipboardText = useMemo(
    () => `${copyrightSummary(run, title, entries)}\n\n${text}`,
    [run, title, entries, text],
  );
  const verdict = similarityVerdict(report);
  const excluded = excludedLine(report);
  const counted = countedLine(run.input);

  return (
    <div className="space-y-4" data-print-area>
      <PrintStyles />
      <div className="flex flex-col gap-3">
        <RunHeading title={title} summary={checkedRunSummary(item.created_at, report.words, item.cost)} />
        <ResultActions
          tool={PLAGIARISM}
          historyId={item.history_id}
          copy={copy}
          clipboardText={clipboardText}
          onEdit={() => onEdit(draftFromRun(run))}
          onNew={onNew}
          pdfTitle={item.title}
        >
          {passages.length > 0 && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => saveCsv(matchesCsv(passages, run.input), csvFileName(title))}
            >
              <FileSpreadsheet />
              Download CSV
            </Button>
          )}
        </ResultActions>
      </div>

      <UnreadSourcesNotice unread={report.unread_sources} />

      {/* minmax(0, …): a truncated source title must not widen the column past a narrow screen. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <ReportPanel title="Similarity" className="lg:col-start-2 lg:row-start-1">
          <div className="space-y-3">
            <p className="font-semibold text-5xl tabular-nums leading-none">{formatPercent(report.similarity)}</p>
            <p className="flex items-start gap-2 font-medium text-sm">
              {passages.length === 0 && (
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              )}
              {verdict}
            </p>
            <div className="space-y-1 text-muted-foreground text-xs">
              <p>{comparedLine(report)}</p>
              {excluded && <p>{excluded}</p>}
              {counted && <p>{counted}</p>}
            </div>
            <ObfuscationNotice obfuscation={report.obfuscation} />
          </div>
        </ReportPanel>

        <Card className="py-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <CardContent className="space-y-4 px-5">
            {legend.length > 0 && <ScoreLegend title="Matched passages, by source" entries={legend} />}
            <MatchedText text={text} passages={shown} excluded={report.excluded} onShowPassage={showPassage} />
            {passages.length > 0 && (
              <p className="text-muted-foreground text-xs" data-print-hide>
                Press a numbered marker to see the passage beside its source.
              </p>
            )}
          </CardContent>
        </Card>

        <ReportPanel title="Sources" className="lg:col-start-2">
          <SourceList entries={entries} selected={selected} onSelect={setSelected} />
        </ReportPanel>
      </div>

      <ReportPanel title="Matched passages">
        {passages.length > 0 ? (
          <PassageList
            passages={shown}
            total={passages.length}
            selected={selectedEntry}
            onShowAll={() => setSelected(null)}
            idPrefix={idPrefix}
          />
        ) : (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
            <ShieldCheck className="size-8 text-success" aria-hidden="true" />
            <p className="font-medium">{verdict}</p>
            <p className="max-w-md text-muted-foreground text-sm">
              No passage of the text was found in the files, pages or documents it was compared with.
            </p>
          </div>
        )}
      </ReportPanel>
    </div>
  );
}
