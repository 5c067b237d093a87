import { describe, expect, it } from 'vitest';
import { csvFileName, matchesCsv } from './csv';
import { readPassages, sourceEntries } from './report';
import { FILE_SOURCE_TEXT, PAGE_SOURCE_TEXT, PAGE_URL, REEF_TEXT, reefReport } from './test-fixtures';

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
