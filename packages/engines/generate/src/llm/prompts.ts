import {
  type EnhancerMode,
  MAX_HEADING_CHARACTERS,
  MAX_OUTLINE_HEADINGS,
  type Purpose,
  purposeLabels,
  type ReadabilityLevel,
  readabilityLabels,
  type Tone,
  toneLabels,
  type WriterLanguage,
} from '../options.js';

/**
 * The prompts the generation tools send to a language model, and the parsing of what comes back. Pure functions: the
 * server does the I/O. Prompts are short and literal because small local models (SmolLM2-135M) follow little else.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ArticleBrief {
  topic: string;
  keywords: readonly string[];
  audience: string;
  tone: Tone;
  length: number;
  language: WriterLanguage;
}

const SYSTEM = 'You are a careful writer. Answer with the requested text only: no preamble, no notes.';

const keep = (protectedTerms: readonly string[]) =>
  protectedTerms.length > 0
    ? ` Keep these exactly as written: ${protectedTerms
        .slice(0, 40)
        .map((term) => `"${term}"`)
        .join(', ')}.`
    : '';

export function outlineMessages(brief: ArticleBrief): ChatMessage[] {
  const sections = Math.max(3, Math.min(8, Math.round(brief.length / 200)));
  // A filled-in pattern: the one instruction small models follow reliably is "continue this format".
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content:
        `Plan a ${brief.length}-word article in ${brief.language} about: ${brief.topic}.` +
        (brief.keywords.length > 0 ? ` Keywords: ${brief.keywords.join(', ')}.` : '') +
        (brief.audience ? ` Audience: ${brief.audience}.` : '') +
        ` Tone: ${toneLabels[brief.tone].toLowerCase()}.` +
        ` Answer in exactly this format, with ${sections} headings:\nTitle: <the title>\n1. <heading>\n2. <heading>\n3. <heading>`,
    },
  ];
}

export interface Outline {
  title: string;
  headings: string[];
}

/** The title and headings from a model's outline: list marks, numbering and Markdown stripped, duplicates dropped. */
export function parseOutline(text: string, fallbackTitle: string): Outline {
  const lines = text
    .replace(/\r\n/g, '\n')
    // "1. One 2. Two" on one line is a list too.
    .replace(/\s+(?=\d{1,2}[.)]\s+\S)/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(?:#{1,6}\s*|[-*•]\s+|\d+[.)]\s+|[IVX]+\.\s+)/, '')
        .replace(/\*\*|__/g, '')
        .replace(/^(?:title|heading|section(?: \d+)?)\s*:\s*/i, '')
        .trim(),
    )
    .filter((line) => line.length > 0 && line.length <= MAX_HEADING_CHARACTERS && !/^(?:outline|here\b)/i.test(line));
  const unique: string[] = [];
  for (const line of lines) if (!unique.some((seen) => seen.toLowerCase() === line.toLowerCase())) unique.push(line);
  const [first, ...rest] = unique;
  return {
    title: (first ?? fallbackTitle).replace(/^["“]|["”]$/g, ''),
    headings: rest.slice(0, MAX_OUTLINE_HEADINGS),
  };
}

export function sectionMessages(
  brief: ArticleBrief,
  outline: Outline,
  index: number,
  previous: string | null,
): ChatMessage[] {
  const heading = outline.headings[index] ?? '';
  const words = Math.max(60, Math.round(brief.length / Math.max(1, outline.headings.length)));
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content:
        `Article title: ${outline.title}. Sections: ${outline.headings.join('; ')}.` +
        (brief.audience ? ` Audience: ${brief.audience}.` : '') +
        (brief.keywords.length > 0 ? ` Use these keywords where they fit: ${brief.keywords.join(', ')}.` : '') +
        (previous ? ` The previous section ended: "${previous}"` : '') +
        `\nWrite the section "${heading}" in ${brief.language}, about ${words} words, in a ${toneLabels[brief.tone].toLowerCase()} tone. Plain paragraphs, no heading.`,
    },
  ];
}

export interface EnhanceRequest {
  mode: EnhancerMode;
  text: string;
  tone: Tone;
  /** Target words of the result (summarize, shorten, expand) or of the addition (add content). */
  targetWords: number;
  instruction: string | null;
  protectedTerms: readonly string[];
}

export function enhanceMessages(request: EnhanceRequest): ChatMessage[] {
  const tone = toneLabels[request.tone].toLowerCase();
  const task: Record<EnhancerMode, string> = {
    rewrite: `Rewrite the text in your own words in a ${tone} tone. Keep its meaning, its paragraphs and every fact.`,
    summarize: `Summarize the text in about ${request.targetWords} words. Use only facts from the text.`,
    shorten: `Shorten the text to about ${request.targetWords} words. Keep the main points and every number that stays.`,
    expand: `Expand the text to about ${request.targetWords} words in a ${tone} tone: add explanation and examples, keep every fact as it is.`,
    'add-content': `Write about ${request.targetWords} words that continue the text in a ${tone} tone${request.instruction ? `, about: ${request.instruction}` : ''}. Write only the new part.`,
  };
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `${task[request.mode]}${keep(request.protectedTerms)}\n\nText:\n${request.text}` },
  ];
}

export interface HumanizeRequest {
  text: string;
  readability: ReadabilityLevel;
  purpose: Purpose;
  protectedTerms: readonly string[];
}

export function humanizeMessages(request: HumanizeRequest): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content:
        `Rewrite this ${purposeLabels[request.purpose].toLowerCase()} so it reads like a person wrote it, for a ${readabilityLabels[request.readability].toLowerCase()} reader: vary sentence length, use plain words, keep every fact and the paragraphs.` +
        `${keep(request.protectedTerms)}\n\nText:\n${request.text}`,
    },
  ];
}
