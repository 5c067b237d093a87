import type { AiJudge } from './humanize.js';
import type { WriterLanguage } from './options.js';
import { cleanModelText, newFacts } from './reconcile.js';
import type { ArticleResult, ArticleSection, Generator } from './report.schema.js';
import { rankSentences } from './summarize.js';
import { countWords } from './text.js';

export interface ArticleDraft {
  title: string;
  sections: readonly ArticleSection[];
  language: WriterLanguage;
  /** The brief's own words (topic, keywords, outline), to tell new names and numbers from given ones. */
  brief: string;
  model: string;
}

/** Cuts `text` to at most `limit` characters at a word boundary, with an ellipsis when cut. */
export function cutAtWord(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * The finished article from the model's sections: each section's text cleaned of chatter and of a repeated heading,
 * the Markdown, the word count, meta title (the title, cut at 60 characters) and description (the most central
 * sentence by TextRank, cut at 160), the AI Detector's verdict (English only) and the names and numbers the brief
 * did not give.
 */
export function assembleArticle(draft: ArticleDraft, judgeAi: AiJudge): ArticleResult {
  const sections = draft.sections.map((section) => ({
    heading: section.heading.trim(),
    text: stripHeading(cleanModelText(section.text), section.heading),
  }));
  const body = sections.map((section) => section.text).join('\n\n');
  const markdown = [`# ${draft.title.trim()}`, ...sections.map((s) => `## ${s.heading}\n\n${s.text}`)].join('\n\n');
  const ranked = rankSentences(body);
  const central = [...ranked].sort((a, b) => b.rank - a.rank)[0];
  const description = central ? body.slice(central.start, central.end) : body;
  const verdict = draft.language === 'English' && countWords(body) > 0 ? judgeAi(body) : null;
  const generator: Generator = { kind: 'model', model: draft.model };
  return {
    title: draft.title.trim(),
    meta_title: cutAtWord(draft.title, 60),
    meta_description: cutAtWord(description, 160),
    sections,
    markdown: `${markdown}\n`,
    words: countWords(body),
    language: draft.language,
    ai_probability: verdict ? Math.round(verdict.probability * 10_000) / 10_000 : null,
    ai_label: verdict?.label ?? null,
    generator,
    new_facts: newFacts(draft.brief, body),
  };
}

/** A section's text without its heading, which models often repeat as the first line ("## Why it matters"). */
function stripHeading(text: string, heading: string): string {
  const lines = text.split('\n');
  const first = (lines[0] ?? '')
    .replace(/^#+\s*|\*\*/g, '')
    .trim()
    .toLowerCase();
  if (first && first.replace(/[:.]$/, '') === heading.trim().toLowerCase().replace(/[:.]$/, '')) {
    return lines.slice(1).join('\n').trim();
  }
  return text.replace(/^#{1,6}\s.*\n+/, '').trim();
}
