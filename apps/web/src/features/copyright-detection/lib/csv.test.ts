import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, matchesCsv, toCsv } from './csv';
import { readPassages, sourceEntries } from './report';
import { FILE_SOURCE_TEXT, PAGE_SOURCE_TEXT, PAGE_URL, REEF_TEXT, reefReport } from './test-fixtures';

describe('csvField', () => {
  it('leaves plain values alone and quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain words')).toBe('plain words');
    expect(csvField(42)).toBe('42');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('she said "no"')).toBe('"she said ""no"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('')).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvField('=HYPERLINK("https://evil.example")')).toBe(`"'=HYPERLINK(""https://evil.example"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-rm')).toBe("'-rm");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });

  it('ends every record, the last one too, with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c, d', 1],
      ]),
    ).toBe('a,b\r\n"c, d",1\r\n');
  });
});

describe('matchesCsv', () => {
  it('writes one row per passage, in text order, with the source and both passages', () => {
    const entries = sourceEntries(reefReport);
    const csv = matchesCsv(readPassages(reefReport, REEF_TEXT, entries));
    const [header, first, second, ...rest] = csv.split('\r\n');
    expect(header).toBe('Source,Kind,URL,Start,End,Passage in the text,Passage in the source');
    const pageMatch = reefReport.matches[0];
    const fileMatch = reefReport.matches[1];
    expect(first).toBe(
      `Reef basics — Ocean Facts,Web page,${PAGE_URL},${pageMatch?.start},${pageMatch?.end},"${REEF_TEXT.slice(pageMatch?.start, pageMatch?.end)}","${PAGE_SOURCE_TEXT}"`,
    );
    expect(second).toBe(
      `reef-notes.docx,File,,${fileMatch?.start},${fileMatch?.end},"${REEF_TEXT.slice(fileMatch?.start, fileMatch?.end)}","${FILE_SOURCE_TEXT}"`,
    );
    expect(rest).toEqual(['']);
  });
});

describe('csvFileName', () => {
  it('names the file after the run, safe for any file system', () => {
    expect(csvFileName('reef-essay.docx')).toBe('reef-essay-matches.csv');
    expect(csvFileName('Notes: draft 2/3')).toBe('notes-draft-2-3-matches.csv');
    expect(csvFileName('***')).toBe('copyright-check-matches.csv');
  });
});
