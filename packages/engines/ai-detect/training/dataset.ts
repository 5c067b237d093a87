import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceFamily } from '../src/report.schema.js';

/**
 * The labelled texts of ../shared/datasets/text (see its README), read into one shape. Human texts that repeat across
 * a file's model groups are kept once.
 */
export type Origin = 'human' | 'ai' | 'ai_humanized' | 'ai_edited' | 'ai_revised_human';

export interface LabelledText {
  text: string;
  origin: Origin;
  /** The generator's name as the source gives it; null for human text. */
  generator: string | null;
  family: SourceFamily | null;
  /** Coarse domain used for leave-one-domain-out splits. */
  domain: string;
  file: string;
  /** Texts sharing an opening (an AI continuation and its human prompt) share a group, so they share a fold. */
  group: string;
}

export const datasetFiles = [
  'fastdetect-glimpse.jsonl',
  'fastdetect-legacy-open-models.jsonl',
  'outfox-essays.jsonl',
  'mixset.jsonl',
] as const;

/** Generators by family (docs/models/ai-detect.md). */
const familyOfGenerator: Record<string, SourceFamily> = {
  davinci: 'gpt',
  'gpt-3.5-turbo': 'gpt',
  'gpt-4': 'gpt',
  'text-davinci-003': 'gpt',
  ChatGPT: 'gpt',
  'ChatGPT-turbo': 'gpt',
  GPT4: 'gpt',
  'gpt2-xl': 'gpt',
  'claude-3-opus-20240229': 'claude',
  'claude-3-sonnet-20240229': 'claude',
  'opt-2.7b': 'llama',
  'flan-t5-xxl': 'gemini',
  'gpt-j-6B': 'open-source',
  'gpt-neo-2.7B': 'open-source',
  'gpt-neox-20b': 'open-source',
  Dolly: 'open-source',
  StableLM: 'open-source',
  ChatGLM: 'open-source',
};

function coarseDomain(file: string, domain: string): string {
  if (file.startsWith('mixset')) return 'mixset';
  if (file.startsWith('outfox')) return 'essays';
  if (domain.includes('PubMed')) return 'biomedical';
  if (domain.includes('WritingPrompts')) return 'stories';
  if (domain.includes('XSum')) return 'news';
  if (domain.includes('SQuAD')) return 'wikipedia';
  return domain;
}

function groupOf(text: string): string {
  const opening = text.toLowerCase().split(/\s+/).slice(0, 8).join(' ');
  return createHash('sha1').update(opening).digest('hex').slice(0, 12);
}

interface RawRecord {
  text: string;
  label: string;
  model?: string | null;
  domain: string;
  attack?: string | null;
}

export function loadDatasets(directory: string): LabelledText[] {
  const texts: LabelledText[] = [];
  const seenHuman = new Set<string>();
  for (const file of datasetFiles) {
    const lines = readFileSync(path.join(directory, file), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const record = JSON.parse(line) as RawRecord;
      const origin = (record.label === 'ai_paraphrased' ? 'ai_humanized' : record.label) as Origin;
      if (origin === 'human') {
        if (seenHuman.has(record.text)) continue;
        seenHuman.add(record.text);
      }
      const generator = origin === 'human' ? null : (record.model ?? null);
      texts.push({
        text: record.text,
        origin,
        generator,
        family: generator ? (familyOfGenerator[generator] ?? null) : null,
        domain: coarseDomain(file, record.domain),
        file,
        group: groupOf(record.text),
      });
    }
  }
  return texts;
}

/** A stable fold number in [0, folds) from the text's group. */
export function foldOf(text: LabelledText, folds: number): number {
  return Number.parseInt(text.group.slice(0, 8), 16) % folds;
}
