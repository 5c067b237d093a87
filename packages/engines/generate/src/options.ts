/**
 * The choices users make on the generation screens, importable without the engine (no models): the contracts build
 * their schemas from these lists and the screens their menus.
 */
export const strengths = ['light', 'balanced', 'strong'] as const;
export type Strength = (typeof strengths)[number];
export const strengthLabels: Record<Strength, string> = {
  light: 'Light: a few words and phrases',
  balanced: 'Balanced',
  strong: 'Strong: more words, clauses and sentences',
};

/** Reading levels, as Undetectable.ai's users know them. */
export const readabilityLevels = ['high-school', 'university', 'doctorate', 'journalist', 'marketing'] as const;
export type ReadabilityLevel = (typeof readabilityLevels)[number];
export const readabilityLabels: Record<ReadabilityLevel, string> = {
  'high-school': 'High school',
  university: 'University',
  doctorate: 'Doctorate',
  journalist: 'Journalist',
  marketing: 'Marketing',
};

export const purposes = [
  'general',
  'essay',
  'article',
  'marketing',
  'story',
  'cover-letter',
  'report',
  'business',
  'legal',
] as const;
export type Purpose = (typeof purposes)[number];
export const purposeLabels: Record<Purpose, string> = {
  general: 'General writing',
  essay: 'Essay',
  article: 'Article',
  marketing: 'Marketing material',
  story: 'Story',
  'cover-letter': 'Cover letter',
  report: 'Report',
  business: 'Business material',
  legal: 'Legal material',
};

export const tones = ['neutral', 'formal', 'casual', 'friendly', 'confident', 'persuasive'] as const;
export type Tone = (typeof tones)[number];
export const toneLabels: Record<Tone, string> = {
  neutral: 'Neutral',
  formal: 'Formal',
  casual: 'Casual',
  friendly: 'Friendly',
  confident: 'Confident',
  persuasive: 'Persuasive',
};

/** The Content Enhancer's modes, one service name each (spec §3). */
export const enhancerModes = ['rewrite', 'summarize', 'expand', 'shorten', 'add-content'] as const;
export type EnhancerMode = (typeof enhancerModes)[number];
export const enhancerModeLabels: Record<EnhancerMode, string> = {
  rewrite: 'Rewrite',
  summarize: 'Summarize',
  expand: 'Expand',
  shorten: 'Shorten',
  'add-content': 'Add content',
};
/** Modes that can only be done by a language model: nothing offline can write new sentences honestly. */
export const modesNeedingModel: readonly EnhancerMode[] = ['expand', 'add-content'];

/** Languages the writer offers; the detectors and the built-in engines read English only. */
export const writerLanguages = ['English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Dutch'] as const;
export type WriterLanguage = (typeof writerLanguages)[number];

/** Article lengths the writer offers, in words. */
export const articleLengths = [300, 600, 1000, 1500, 2000] as const;

/** Headings an outline may have; more is refused (a 200-heading outline is not an article). */
export const MAX_OUTLINE_HEADINGS = 20;
export const MAX_HEADING_CHARACTERS = 200;

/** Variants one enhancer run may ask for. */
export const MAX_VARIANTS = 3;

/** The meaning score below which the humanizer warns that the rewrite may have changed what the text says. */
export const DEFAULT_MEANING_FLOOR = 0.8;
