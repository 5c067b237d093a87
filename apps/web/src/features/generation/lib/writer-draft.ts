import type { ArticleBriefDraft, Outline } from '@candor/contracts/tools';
import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';

/** The writer's work in this tab: the brief, the outline being edited, and whether the article was started. */
export interface WriterDraft {
  brief: {
    topic: string;
    keywords: string;
    audience: string;
    tone: NonNullable<ArticleBriefDraft['tone']>;
    length: number;
    language: NonNullable<ArticleBriefDraft['language']>;
    model: string | null;
  };
  outline: Outline | null;
  /** Set when the article was sent to be written, so a reload of the generate screen re-attaches, never resends. */
  started: boolean;
}

const KEY = storageKeys.draft('ai-writer');

export const emptyWriterDraft = (): WriterDraft => ({
  brief: { topic: '', keywords: '', audience: '', tone: 'neutral', length: 600, language: 'English', model: null },
  outline: null,
  started: false,
});

export function readWriterDraft(): WriterDraft {
  try {
    const stored = JSON.parse(readStorage('session', KEY) ?? 'null') as Partial<WriterDraft> | null;
    if (!stored || typeof stored !== 'object' || !stored.brief) return emptyWriterDraft();
    const empty = emptyWriterDraft();
    return {
      brief: { ...empty.brief, ...stored.brief },
      outline: stored.outline ?? null,
      started: stored.started === true,
    };
  } catch {
    return emptyWriterDraft();
  }
}

export const storeWriterDraft = (draft: WriterDraft) => writeStorage('session', KEY, JSON.stringify(draft));
export const forgetWriterDraft = () => removeStorage('session', KEY);

/** The brief as the API takes it. */
export function briefBody(brief: WriterDraft['brief']) {
  return {
    topic: brief.topic.trim(),
    keywords: brief.keywords
      .split(/[,\n]/)
      .map((keyword) => keyword.trim())
      .filter((keyword) => keyword.length > 0)
      .slice(0, 20),
    audience: brief.audience.trim(),
    tone: brief.tone,
    length: brief.length,
    language: brief.language,
    model: brief.model,
  };
}
