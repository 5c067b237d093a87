import { describe, expect, it } from 'vitest';
import type { PiiFinding } from './catalogue.js';
import { detectPii } from './detect.js';
import { createPseudonymizer, normaliseValue, restorePseudonyms } from './pseudonyms.js';
import { maskValue, transformText } from './transform.js';

const finding = (text: string, value: string, type: PiiFinding['type'], from = 0): PiiFinding => {
  const start = text.indexOf(value, from);
  return { start, end: start + value.length, type, score: 0.9, text: value };
};

describe('transformText', () => {
  const text = 'Ada (ada@example.com) paid with 4242 4242 4242 4242.';
  const findings = [
    finding(text, 'Ada', 'PERSON_NAME'),
    finding(text, 'ada@example.com', 'EMAIL_ADDRESS'),
    finding(text, '4242 4242 4242 4242', 'CREDIT_CARD_NUMBER'),
  ];

  it('redact keeps the length with █, so offsets after the span stay valid', () => {
    const out = transformText(text, findings, { style: 'redact' });
    expect(out.text).toBe('███ (███████████████) paid with ███████████████████.');
    expect(out.text.length).toBe(text.length);
  });

  it('label replaces each value with its type', () => {
    expect(transformText(text, findings, { style: 'label' }).text).toBe(
      '[PERSON_NAME] ([EMAIL_ADDRESS]) paid with [CREDIT_CARD_NUMBER].',
    );
  });

  it('mask keeps the customary parts', () => {
    expect(transformText(text, findings, { style: 'mask' }).text).toBe(
      'A•• (a••@•••••••.com) paid with •••• •••• •••• 4242.',
    );
  });

  it('replacements carry offsets in the original text', () => {
    const out = transformText(text, findings, { style: 'label' });
    for (const r of out.replacements) expect(findings.some((f) => f.start === r.start && f.end === r.end)).toBe(true);
    expect(out.replacements[2]).toMatchObject({ type: 'CREDIT_CARD_NUMBER', replacement: '[CREDIT_CARD_NUMBER]' });
  });

  it('skips a finding that overlaps an earlier one and ignores out-of-range ones', () => {
    const [name, email] = findings as [PiiFinding, PiiFinding, PiiFinding];
    const overlapping = [...findings, { ...email, start: 8, end: 12 }, { ...name, end: 999 }];
    expect(transformText(text, overlapping, { style: 'label' }).replacements).toHaveLength(3);
  });
});

describe('maskValue', () => {
  it.each([
    ['PHONE_NUMBER', '(415) 555-0132', '(•••) •••-0132'],
    ['US_SOCIAL_SECURITY_NUMBER', '536-22-1234', '•••-••-1234'],
    ['IBAN_CODE', 'GB82 WEST 1234 5698 7654 32', '•••• •••• •••• •••• ••54 32'],
    ['DATE_OF_BIRTH', '1984-03-12', '••••-••-••'],
    ['PASSWORD', 'hunter2', '••••••••'],
    ['AUTH_TOKEN', 'ghp_averyveryverylongtoken', '••••••••'],
    ['URL', 'https://example.com/u/ada', 'https://•••••••.•••/•/•••'],
    ['PERSON_NAME', 'Zoë O’Brien', 'Z•• O’B••••'],
  ] as const)('%s %s → %s', (type, value, masked) => {
    expect(maskValue(type, value)).toBe(masked);
  });
});

describe('pseudonyms', () => {
  it('the same person gets the same token across a conversation; case, spacing and card separators fold', () => {
    const pseudonyms = createPseudonymizer();
    const first = 'Ada Lovelace paid with 4242 4242 4242 4242.';
    const second = 'Did Ada  LOVELACE use 4242-4242-4242-4242 or did Charles Babbage?';
    const a = transformText(first, detectPii(first), { style: 'pseudonym', pseudonyms }).text;
    const b = transformText(second, detectPii(second), { style: 'pseudonym', pseudonyms }).text;
    expect(a).toBe('[PERSON_NAME_1] paid with [CREDIT_CARD_NUMBER_1].');
    expect(b).toBe('Did [PERSON_NAME_1] use [CREDIT_CARD_NUMBER_1] or did [PERSON_NAME_2]?');
    expect(pseudonyms.entries()['[PERSON_NAME_2]']).toEqual({ type: 'PERSON_NAME', value: 'Charles Babbage' });
  });

  it('numbering continues from initial entries and reuses their tokens', () => {
    const pseudonyms = createPseudonymizer({
      '[PERSON_NAME_3]': { type: 'PERSON_NAME', value: 'Ada Lovelace' },
      '[EMAIL_ADDRESS_1]': { type: 'EMAIL_ADDRESS', value: 'ada@example.com' },
    });
    expect(pseudonyms.tokenFor('PERSON_NAME', 'ADA LOVELACE')).toBe('[PERSON_NAME_3]');
    expect(pseudonyms.tokenFor('PERSON_NAME', 'Grace Hopper')).toBe('[PERSON_NAME_4]');
    expect(pseudonyms.tokenFor('EMAIL_ADDRESS', 'grace@example.com')).toBe('[EMAIL_ADDRESS_2]');
    expect(pseudonyms.tokenFor('PHONE_NUMBER', '+1 415 555 0132')).toBe('[PHONE_NUMBER_1]');
  });

  it('entries() is a copy: changing it does not change the pseudonymizer', () => {
    const pseudonyms = createPseudonymizer();
    pseudonyms.tokenFor('PERSON_NAME', 'Ada');
    const entries = pseudonyms.entries();
    delete entries['[PERSON_NAME_1]'];
    expect(pseudonyms.tokenFor('PERSON_NAME', 'Ada')).toBe('[PERSON_NAME_1]');
  });

  it('secrets are compared exactly, numbers without separators', () => {
    expect(normaliseValue('PASSWORD', 'Hunter2')).not.toBe(normaliseValue('PASSWORD', 'hunter2'));
    expect(normaliseValue('PHONE_NUMBER', '(415) 555-0132')).toBe(normaliseValue('PHONE_NUMBER', '415.555.0132'));
  });

  it('a postcode written with or without its space is one value', () => {
    const p = createPseudonymizer();
    expect(p.tokenFor('POSTAL_CODE', 'SW1A 1AA')).toBe(p.tokenFor('POSTAL_CODE', 'sw1a1aa'));
    expect(p.tokenFor('POSTAL_CODE', '10115')).not.toBe(p.tokenFor('POSTAL_CODE', '10117'));
  });

  it('restore puts values back, reports spans in the restored text and leaves unknown tokens alone', () => {
    const text = 'Hi 😀 Ada Lovelace, your card 4242 4242 4242 4242 and Ada Lovelace again.';
    const pseudonyms = createPseudonymizer();
    const masked = transformText(text, detectPii(text), { style: 'pseudonym', pseudonyms }).text;
    expect(masked).toBe('Hi 😀 [PERSON_NAME_1], your card [CREDIT_CARD_NUMBER_1] and [PERSON_NAME_1] again.');
    const reply = `${masked} Also [PERSON_NAME_9] and [EMAIL_ADDRESS_1].`;
    const restored = restorePseudonyms(reply, pseudonyms.entries());
    expect(restored.text).toBe(`${text} Also [PERSON_NAME_9] and [EMAIL_ADDRESS_1].`);
    expect(restored.spans.map((s) => restored.text.slice(s.start, s.end))).toEqual([
      'Ada Lovelace',
      '4242 4242 4242 4242',
      'Ada Lovelace',
    ]);
    expect(restored.spans[0]).toMatchObject({ token: '[PERSON_NAME_1]', type: 'PERSON_NAME' });
  });
});
