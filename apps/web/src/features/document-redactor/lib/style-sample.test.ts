import { describe, expect, it } from 'vitest';
import { previewReplacements, styleSample } from './style-sample';

const TEXT = 'Ann Lee wrote to Bob. Ann Lee signed. Secret plan Falcon follows here.';
const redactions = [
  { start: 0, end: 7, type: 'PERSON_NAME' as const },
  { start: 17, end: 20, type: 'PERSON_NAME' as const },
  { start: 22, end: 29, type: 'PERSON_NAME' as const },
  { start: 50, end: 56, type: 'MANUAL' as const },
];

describe('previewReplacements', () => {
  it('writes each style as the server does', () => {
    const replacement = (style: 'box' | 'label' | 'pseudonym') =>
      previewReplacements(TEXT, redactions, style).map((r) => r.replacement);
    expect(replacement('box')).toEqual(['███████', '███', '███████', '██████']);
    expect(replacement('label')).toEqual(['[PERSON_NAME]', '[PERSON_NAME]', '[PERSON_NAME]', '[REDACTED]']);
    // The same name gets the same pseudonym each time it appears.
    expect(replacement('pseudonym')).toEqual(['[PERSON_NAME_1]', '[PERSON_NAME_2]', '[PERSON_NAME_1]', '[REDACTED_1]']);
  });
});

describe('styleSample', () => {
  it('shows the first redaction in its own sentence, cut at whole words', () => {
    const pieces = styleSample(TEXT, redactions, 'label', 10);
    expect(pieces.map((p) => (p.redacted ? `<${p.text}>` : p.text)).join('')).toBe(
      '<[PERSON_NAME]> wrote to <[PERSON_NAME]>.…',
    );
  });

  it('opens with an ellipsis when the excerpt starts inside the text, and uses a made-up sentence when nothing is chosen', () => {
    const later = styleSample(TEXT, [redactions[3] as (typeof redactions)[number]], 'pseudonym', 8);
    expect(later.map((p) => (p.redacted ? `<${p.text}>` : p.text)).join('')).toBe(
      '…Secret plan <[REDACTED_1]> follows…',
    );
    const generic = styleSample(TEXT, [], 'label');
    expect(generic.map((p) => p.text).join('')).toBe('Contact [PERSON_NAME] at [EMAIL_ADDRESS].');
  });
});
