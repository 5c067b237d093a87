import { documentRedactionInputSchema } from '@candor/contracts/tools';
import { describe, expect, it } from 'vitest';
import { initialDraft } from './draft';
import { bytesToBase64, draftRedactions, fileToBase64, redactionCount, redactionInput } from './redaction-input';
import { CARD, EMAIL, IBAN, letterAnalysis, NAME, policy } from './test-fixtures';

describe('redactionInput', () => {
  it('sends the file, the analysed text and the chosen redactions in text order, manual ones as MANUAL', () => {
    const draft = {
      ...initialDraft(letterAnalysis.findings, policy('GDPR')),
      style: 'pseudonym' as const,
      manual: [{ start: CARD.start, end: CARD.start + 4 }],
    };
    const input = redactionInput(letterAnalysis, 'JVBERi0=', draft);
    expect(input).toEqual({
      file_name: 'letter.pdf',
      file: 'JVBERi0=',
      text: letterAnalysis.text,
      style: 'pseudonym',
      policy: 'GDPR',
      redactions: [
        { start: EMAIL.start, end: EMAIL.end, type: 'EMAIL_ADDRESS' },
        { start: CARD.start, end: CARD.start + 4, type: 'MANUAL' },
        { start: IBAN.start, end: IBAN.end, type: 'IBAN_CODE' },
      ],
    });
    // The body passes the contract the server validates it with.
    expect(documentRedactionInputSchema.safeParse(input).success).toBe(true);
  });

  it('counts overlapping redactions once, as the server merges them', () => {
    const draft = {
      ...initialDraft(letterAnalysis.findings, null),
      manual: [
        { start: NAME.start, end: NAME.start + 5 },
        { start: 0, end: 4 },
      ],
    };
    const redactions = draftRedactions(letterAnalysis.findings, draft);
    expect(redactions).toHaveLength(6);
    expect(redactionCount(redactions)).toBe(5);
  });
});

describe('base64', () => {
  it('encodes bytes, also past one chunk', async () => {
    expect(bytesToBase64(new TextEncoder().encode('%PDF-1.7'))).toBe('JVBERi0xLjc=');
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    const encoded = bytesToBase64(big);
    expect(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))).toEqual(big);
    expect(await fileToBase64(new Blob(['%PDF-1.7']))).toBe('JVBERi0xLjc=');
  });
});
