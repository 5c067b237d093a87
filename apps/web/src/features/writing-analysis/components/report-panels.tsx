import {
  lexicalDiversityVerdict,
  readabilityScores,
  readabilityTooShort,
  readScore,
} from '@candor/engine-writing/interpret';
import { useId } from 'react';
import { ReportPanel } from '@/features/tool-runs/components/report-panel';
import { cn } from '@/lib/utils';
import { formatDuration, formatScore } from '../lib/format';
import { countByKind, issueKindMeta, issueKinds } from '../lib/issue-kinds';
import type { WritingIssue, WritingReport } from '../lib/report-types';

const number = (value: number) => value.toLocaleString('en-US');

/** One labelled number; the value is named by its label, so "Words" reads as the word count. */
function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const labelId = useId();
  return (
    <div className="rounded-lg bg-muted/50 px-3 py-2">
      <dt id={labelId} className="text-muted-foreground text-xs">
        {label}
      </dt>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a definition takes its name from the author (ARIA 1.2); it names the value for tests and assistive tech */}
      <dd aria-labelledby={labelId} className="font-semibold text-lg tabular-nums">
        {value}
      </dd>
      {hint && <dd className="text-muted-foreground text-xs">{hint}</dd>}
    </div>
  );
}

export function ReadabilityPanel({ report }: { report: WritingReport }) {
  // Said once above the list, not under each of the seven scores.
  const tooShort = readabilityTooShort(report);
  return (
    <ReportPanel title="Readability">
      {tooShort && <p className="mb-3 text-primary text-sm">{tooShort}.</p>}
      <ul className="space-y-4">
        {readabilityScores.map((score) => {
          const { value, verdict } = readScore(score, report);
          return (
            <li key={score.key} className="space-y-0.5">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium text-sm">{score.name}</span>
                <span className="font-semibold tabular-nums">{value === null ? '—' : formatScore(value)}</span>
              </div>
              {value !== null && <p className="text-primary text-sm">{verdict}</p>}
              <p className="text-muted-foreground text-xs">{score.explanation}</p>
            </li>
          );
        })}
      </ul>
    </ReportPanel>
  );
}

export function CountsPanel({ report }: { report: WritingReport }) {
  const { counts } = report;
  return (
    <ReportPanel title="Statistics">
      <dl className="grid grid-cols-2 gap-2">
        <Stat label="Words" value={number(counts.words)} />
        <Stat label="Sentences" value={number(counts.sentences)} />
        <Stat label="Paragraphs" value={number(counts.paragraphs)} />
        <Stat
          label="Characters"
          value={number(counts.characters)}
          hint={`${number(counts.charactersNoSpaces)} without spaces`}
        />
        <Stat label="Syllables" value={number(counts.syllables)} />
        <Stat label="Difficult words" value={number(counts.difficultWords)} />
        <Stat label="Reading time" value={formatDuration(counts.readingTimeSeconds)} />
        <Stat label="Speaking time" value={formatDuration(counts.speakingTimeSeconds)} />
      </dl>
    </ReportPanel>
  );
}

export function SentenceLengthPanel({ report }: { report: WritingReport }) {
  const { sentenceLengths } = report;
  const most = Math.max(1, ...sentenceLengths.buckets.map((bucket) => bucket.sentences));
  return (
    <ReportPanel title="Sentence length">
      <p className="mb-3 text-muted-foreground text-sm">
        {sentenceLengths.mean.toFixed(1)} words on average (± {sentenceLengths.standardDeviation.toFixed(1)}); the
        longest has {number(sentenceLengths.longest)}. Mixing short and long sentences keeps a reader’s attention.
      </p>
      <ul className="space-y-1.5">
        {sentenceLengths.buckets.map((bucket) => {
          const range = bucket.max === null ? `${bucket.min}+` : `${bucket.min}–${bucket.max}`;
          return (
            <li key={bucket.min} className="grid grid-cols-[5.5rem_1fr_2rem] items-center gap-2 text-xs">
              <span className="whitespace-nowrap text-muted-foreground tabular-nums">{range} words</span>
              <span className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-primary/70"
                  style={{ width: `${(bucket.sentences / most) * 100}%` }}
                />
              </span>
              <span className="text-right tabular-nums">
                {number(bucket.sentences)}
                <span className="sr-only"> {bucket.sentences === 1 ? 'sentence' : 'sentences'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </ReportPanel>
  );
}

export function VocabularyPanel({ report }: { report: WritingReport }) {
  const diversity = report.lexicalDiversity;
  return (
    <ReportPanel title="Vocabulary">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-sm">Lexical diversity (MTLD)</span>
        <span className="font-semibold tabular-nums">
          {diversity.mtld === null ? '—' : formatScore(diversity.mtld)}
        </span>
      </div>
      <p className="text-primary text-sm">{lexicalDiversityVerdict(diversity)}</p>
      <p className="mt-1 text-muted-foreground text-xs">
        How long the text keeps using new words before it starts repeating itself; most prose scores 70 to 100.{' '}
        {number(diversity.types)} different words out of {number(diversity.tokens)}.
      </p>
    </ReportPanel>
  );
}

/** The issues still open, counted as the legend counts them; the analysed total stays in sight once some are handled. */
export function IssueCountsPanel({ report, openIssues }: { report: WritingReport; openIssues: WritingIssue[] }) {
  const counts = countByKind(openIssues);
  const found = report.issues.length;
  const summary =
    found === 0
      ? 'Nothing to flag.'
      : openIssues.length === found
        ? `${number(found)} in the analysed text.`
        : `${number(openIssues.length)} of ${number(found)} still open; the ones you fixed or dismissed are not counted.`;
  return (
    <ReportPanel title="Issues found">
      <p className="mb-2 text-muted-foreground text-sm">{summary}</p>
      <ul className="space-y-1 text-sm">
        {issueKinds.map((kind) => (
          <li key={kind} className="flex items-center justify-between gap-2">
            <span className="flex items-center gap-2">
              <span aria-hidden="true" className={cn('size-2.5 rounded-full', issueKindMeta[kind].swatch)} />
              {issueKindMeta[kind].label}
            </span>
            <span className="tabular-nums">{number(counts[kind])}</span>
          </li>
        ))}
      </ul>
    </ReportPanel>
  );
}
