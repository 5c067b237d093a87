import { serviceLabels } from '@candor/contracts';
import {
  comparedLine,
  countedLine,
  excludedLine,
  similarityVerdict,
  unreadTitle,
} from '@candor/contracts/plagiarism-wording';
import type { PlagiarismCheckedSource, PlagiarismPassage, PlagiarismResult } from '@candor/contracts/tools';
import { describeObfuscation } from '@candor/engine-writing/obfuscation';
import { formatPercent } from '@candor/engine-writing/percent';
import { formatDateTime } from '@/lib/format';
import type { CopyrightRun } from '../api/copyright-detection';
import { type SourceColour, sourceColour, sourceKindMeta } from './source-meta';

/** A compared source as the report shows it. */
export interface SourceEntry {
  source: PlagiarismCheckedSource;
  /** 1-based, in list order (most similar first): the number the text's markers and the passages carry. */
  number: number;
  colour: SourceColour;
  /** How many of the report's passages come from this source. */
  passages: number;
}

/** The sources, most similar first (ties keep the server's order), each numbered and coloured. */
export function sourceEntries(report: PlagiarismResult): SourceEntry[] {
  const passages = new Map<string, number>();
  for (const match of report.matches) passages.set(match.source_id, (passages.get(match.source_id) ?? 0) + 1);
  return [...report.sources]
    .sort((a, b) => b.similarity - a.similarity)
    .map((source, index) => ({
      source,
      number: index + 1,
      colour: sourceColour(index),
      passages: passages.get(source.source_id) ?? 0,
    }));
}

/** A copied passage with its source, and its words in the checked text. */
export interface Passage {
  /** 1-based, in text order. */
  number: number;
  match: PlagiarismPassage;
  entry: SourceEntry;
  text: string;
}

/** The matches, in text order, that name a known source and fit the text (others cannot be drawn honestly). */
export function readPassages(report: PlagiarismResult, text: string, entries: readonly SourceEntry[]): Passage[] {
  const bySource = new Map(entries.map((entry) => [entry.source.source_id, entry]));
  const passages: Passage[] = [];
  for (const match of report.matches) {
    const entry = bySource.get(match.source_id);
    if (!entry || match.start >= match.end || match.end > text.length) continue;
    passages.push({ number: passages.length + 1, match, entry, text: text.slice(match.start, match.end) });
  }
  return passages;
}

/**
 * The earlier run a document of yours comes from, "AI Detection · Nov 22, 2026, 6:07 AM", so two of the same name
 * can be told apart; null for other sources and in reports made before the run was recorded.
 */
export function earlierRun(source: PlagiarismCheckedSource): string | null {
  if (!source.model_name || !source.created_at) return null;
  return `${serviceLabels[source.model_name]} · ${formatDateTime(source.created_at)}`;
}

/** The Copy summary: verdict, what was compared and counted, each source with its share. */
export function copyrightSummary(run: CopyrightRun, title: string, entries: readonly SourceEntry[]): string {
  const { report } = run;
  const lines = [`Copyright Detector — ${title}`, `${similarityVerdict(report)}.`, comparedLine(report)];
  for (const line of [excludedLine(report), countedLine(run.input)]) if (line) lines.push(line);
  if (report.obfuscation) lines.push(describeObfuscation(report.obfuscation));
  if (entries.length > 0) {
    lines.push('', 'Sources:');
    for (const { source, number: position } of entries) {
      const where = [sourceKindMeta[source.kind].label, source.url, earlierRun(source)].filter(Boolean).join(', ');
      lines.push(`${position}. ${source.title} (${where}) — ${formatPercent(source.similarity)}`);
    }
  }
  const unread = unreadTitle(report);
  if (unread) {
    lines.push('', `${unread}:`);
    for (const { url, reason } of report.unread_sources) lines.push(`- ${url} — ${reason}`);
  }
  return lines.join('\n');
}
