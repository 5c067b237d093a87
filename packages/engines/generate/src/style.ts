import type { Purpose, ReadabilityLevel, Tone } from './options.js';
import type { ParaphraseStyle } from './paraphrase.js';

const FORMAL_PURPOSES: readonly Purpose[] = ['legal', 'report', 'business', 'cover-letter'];

/**
 * The humanizer's style from the reading level and the purpose: lower levels split long sentences earlier and prefer
 * common words; contractions and casual connectives only where the purpose allows them (never in legal, report,
 * business writing or a cover letter, nor at doctorate level); every style joins some short sentences and splits
 * some long ones, since people's sentence lengths vary more than a model's.
 */
export function humanizerStyle(readability: ReadabilityLevel, purpose: Purpose): ParaphraseStyle {
  const formal = FORMAL_PURPOSES.includes(purpose) || readability === 'doctorate';
  const splitAbove: Record<ReadabilityLevel, number> = {
    'high-school': 18,
    marketing: 16,
    journalist: 22,
    university: 28,
    doctorate: 38,
  };
  return {
    contractions: formal ? 'keep' : 'add',
    casual:
      !formal &&
      (purpose === 'story' || purpose === 'marketing' || purpose === 'general' || readability === 'marketing'),
    splitAbove: splitAbove[readability],
    mergeBelow: readability === 'doctorate' ? 8 : 11,
    plainWords: readability === 'high-school' || readability === 'marketing' || readability === 'journalist',
    humanize: true,
  };
}

/** The Content Enhancer's rewrite style from its tone. */
export function toneStyle(tone: Tone): ParaphraseStyle {
  switch (tone) {
    case 'formal':
      return {
        contractions: 'expand',
        casual: false,
        splitAbove: 40,
        mergeBelow: 0,
        plainWords: false,
        humanize: false,
      };
    case 'casual':
    case 'friendly':
      return { contractions: 'add', casual: true, splitAbove: 22, mergeBelow: 9, plainWords: true, humanize: false };
    case 'confident':
    case 'persuasive':
      return { contractions: 'keep', casual: false, splitAbove: 24, mergeBelow: 0, plainWords: true, humanize: false };
    default:
      return { contractions: 'keep', casual: false, splitAbove: 32, mergeBelow: 0, plainWords: false, humanize: false };
  }
}
