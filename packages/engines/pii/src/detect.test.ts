import { describe, expect, it } from 'vitest';
import { defaultThresholds, piiEntityTypes, piiPolicies } from './catalogue.js';
import { detectPii, resolveOverlaps } from './detect.js';
import type { Candidate } from './types.js';

const TEXT =
  'Hi, I am Ada Lovelace (ada@example.com, +44 20 7946 0958). Card 4111 1111 1111 1111, SSN 536-22-1234, ' +
  'password: Tr0ub4dor&3.';

describe('detectPii', () => {
  it('returns findings sorted by start, without overlaps, each with its own text and evidence', () => {
    const findings = detectPii(TEXT);
    expect(findings.map((f) => f.type)).toEqual([
      'PERSON_NAME',
      'EMAIL_ADDRESS',
      'PHONE_NUMBER',
      'CREDIT_CARD_NUMBER',
      'US_SOCIAL_SECURITY_NUMBER',
      'PASSWORD',
    ]);
    for (let i = 0; i < findings.length; i++) {
      const f = findings[i];
      expect(TEXT.slice(f?.start, f?.end)).toBe(f?.text);
      expect(f?.evidence.length).toBeGreaterThan(0);
      expect(f?.score).toBeGreaterThanOrEqual(0);
      expect(f?.score).toBeLessThanOrEqual(1);
      if (i > 0) expect(f?.start).toBeGreaterThanOrEqual(findings[i - 1]?.end as number);
    }
  });

  it('is deterministic', () => {
    expect(detectPii(TEXT)).toEqual(detectPii(TEXT));
  });

  it('`entities` restricts the types', () => {
    expect(detectPii(TEXT, { entities: ['EMAIL_ADDRESS'] }).map((f) => f.text)).toEqual(['ada@example.com']);
  });

  it('`policy` gives its types and thresholds; `entities` narrows it further', () => {
    expect(detectPii(TEXT, { policy: 'PCI_DSS' }).map((f) => f.type)).toEqual([
      'PERSON_NAME',
      'CREDIT_CARD_NUMBER',
      'PASSWORD',
    ]);
    expect(detectPii(TEXT, { policy: 'CREDENTIALS' }).map((f) => f.type)).toEqual(['PASSWORD']);
    expect(detectPii(TEXT, { policy: 'PCI_DSS', entities: ['CREDIT_CARD_NUMBER'] }).map((f) => f.type)).toEqual([
      'CREDIT_CARD_NUMBER',
    ]);
  });

  it('`thresholds` override: a threshold above every score hides the entity', () => {
    const findings = detectPii(TEXT, { thresholds: { EMAIL_ADDRESS: 1.01 } });
    expect(findings.some((f) => f.type === 'EMAIL_ADDRESS')).toBe(false);
    expect(findings.some((f) => f.type === 'PHONE_NUMBER')).toBe(true);
  });

  it('rejects an unknown policy', () => {
    expect(() => detectPii(TEXT, { policy: 'SOX' as never })).toThrow(/Unknown PII policy/);
  });

  it('offsets are UTF-16 code units, also after emoji and other surrogate pairs', () => {
    const text = '👋🏽 𝒜 hi — mail 𝔞𝔡𝔞 at ada@example.com or 😀 call (415) 555-0132';
    const [email, phone] = detectPii(text, { entities: ['EMAIL_ADDRESS', 'PHONE_NUMBER'] });
    expect(email?.start).toBe(text.indexOf('ada@'));
    expect(text.slice(email?.start, email?.end)).toBe('ada@example.com');
    expect(text.slice(phone?.start, phone?.end)).toBe('(415) 555-0132');
  });

  it('empty text and an empty entity list find nothing', () => {
    expect(detectPii('')).toEqual([]);
    expect(detectPii(TEXT, { entities: [] })).toEqual([]);
  });

  it('keeps up on a large input (no quadratic step)', () => {
    const big = `${TEXT}\n`.repeat(2000);
    const findings = detectPii(big, { names: false });
    expect(findings.length).toBe(5 * 2000);
  });
});

describe('resolveOverlaps', () => {
  const c = (start: number, end: number, score: number, type: Candidate['type'] = 'DATE'): Candidate => ({
    start,
    end,
    score,
    type,
    evidence: [],
  });

  it('keeps the higher score, then the longer span, and lets non-overlapping spans through', () => {
    const kept = resolveOverlaps([c(0, 10, 0.6), c(5, 15, 0.9), c(20, 25, 0.5), c(20, 30, 0.5), c(40, 45, 0.1)]);
    expect(kept.map((k) => [k.start, k.end])).toEqual([
      [5, 15],
      [20, 30],
      [40, 45],
    ]);
  });

  it('a chain of overlaps is resolved as a whole: the winner in the middle frees neither neighbour', () => {
    const kept = resolveOverlaps([c(0, 6, 0.5), c(5, 11, 0.9), c(10, 16, 0.5)]);
    expect(kept.map((k) => [k.start, k.end])).toEqual([[5, 11]]);
  });

  it('a street address absorbs a finding nested inside it, even a higher-scoring one: it is one of its parts', () => {
    const kept = resolveOverlaps([c(0, 30, 0.8, 'STREET_ADDRESS'), c(17, 23, 0.97, 'LOCATION'), c(2, 8, 0.9)]);
    expect(kept.map((k) => [k.start, k.end, k.type])).toEqual([[0, 30, 'STREET_ADDRESS']]);
  });

  it('a finding that only partly overlaps an address still competes with it by score', () => {
    const kept = resolveOverlaps([c(0, 30, 0.8, 'STREET_ADDRESS'), c(25, 35, 0.97, 'PERSON_NAME')]);
    expect(kept.map((k) => [k.start, k.end, k.type])).toEqual([[25, 35, 'PERSON_NAME']]);
  });

  it('a street line offered alone survives when the whole address loses its tail to a better finding', () => {
    const kept = resolveOverlaps([
      c(0, 30, 0.85, 'STREET_ADDRESS'),
      c(0, 15, 0.75, 'STREET_ADDRESS'),
      c(25, 35, 0.97, 'PERSON_NAME'),
    ]);
    expect(kept.map((k) => [k.start, k.end, k.type])).toEqual([
      [0, 15, 'STREET_ADDRESS'],
      [25, 35, 'PERSON_NAME'],
    ]);
  });

  it('the catalogue gives every entity a default threshold and every policy thresholds in [0, 1]', () => {
    for (const policy of piiPolicies) {
      for (const value of Object.values(policy.thresholds)) expect(value).toBeGreaterThan(0);
      for (const value of Object.values(policy.thresholds)) expect(value).toBeLessThanOrEqual(1);
    }
    expect(Object.keys(defaultThresholds).sort()).toEqual([...piiEntityTypes].sort());
  });
});
