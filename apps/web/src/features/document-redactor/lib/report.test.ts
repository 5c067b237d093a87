import { describe, expect, it } from 'vitest';
import { redactionReportCsv, redactionReportJson, reportFileName } from './report';
import { CARD, EMAIL, IBAN, letterResult, NAME } from './test-fixtures';

const secrets = [NAME.text, EMAIL.text, CARD.text, 'WEST'];

describe('redaction report', () => {
  it('lists every redaction in text order as CSV: page, type, offsets and replacement', () => {
    const csv = redactionReportCsv(letterResult);
    expect(csv.split('\r\n')).toEqual([
      'Page,Type,Start,End,Replacement',
      `1,PERSON_NAME,${NAME.start},${NAME.end},[PERSON_NAME]`,
      `1,EMAIL_ADDRESS,${EMAIL.start},${EMAIL.end},[EMAIL_ADDRESS]`,
      `2,CREDIT_CARD_NUMBER,${CARD.start},${CARD.end},[CREDIT_CARD_NUMBER]`,
      `2,MANUAL,${IBAN.start + 5},${IBAN.start + 9},[REDACTED]`,
      '',
    ]);
  });

  it('never holds a redacted value', () => {
    const csv = redactionReportCsv(letterResult);
    const json = JSON.stringify(redactionReportJson(letterResult));
    for (const secret of secrets) {
      expect(csv).not.toContain(secret);
      expect(json).not.toContain(secret);
    }
  });

  it('writes black boxes as the redacted text shows them, and defuses cells a spreadsheet would run', () => {
    const boxed = {
      ...letterResult,
      style: 'box' as const,
      redactions: [
        { start: 5, end: 9, type: 'MANUAL' as const, page: null, replacement: '' },
        { start: 20, end: 22, type: 'MANUAL' as const, page: 1, replacement: '=HYPERLINK("x")' },
      ],
    };
    const rows = redactionReportCsv(boxed).split('\r\n');
    expect(rows[1]).toBe(',MANUAL,5,9,████');
    expect(rows[2]).toBe(`1,MANUAL,20,22,"'=HYPERLINK(""x"")"`);
  });

  it('gives the JSON report the run’s settings and verification', () => {
    const json = redactionReportJson(letterResult);
    expect(json).toMatchObject({
      file: { name: 'letter-redacted.pdf', media_type: 'application/pdf', bytes: 48_213 },
      kind: 'pdf',
      style: 'label',
      policy: 'ALL',
      verification: { passed: true },
    });
    expect(json.redactions.map((r) => r.type)).toEqual([
      'PERSON_NAME',
      'EMAIL_ADDRESS',
      'CREDIT_CARD_NUMBER',
      'MANUAL',
    ]);
    expect(Object.keys(json.redactions[0] ?? {})).toEqual(['page', 'type', 'start', 'end', 'replacement']);
  });

  it('names the files after the document', () => {
    expect(reportFileName('Letter to Maria.pdf', 'csv')).toBe('letter-to-maria-redactions.csv');
    expect(reportFileName('scan.jpeg', 'json')).toBe('scan-redactions.json');
  });
});
