import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { csvFileName, matchesCsv } from './csv';
import { readPassages, sourceEntries } from './report';
import {
  EARLIER_RUN_AT,
  earlierNotesReport,
  FILE_SOURCE_TEXT,
  PAGE_SOURCE_TEXT,
  PAGE_URL,
  REEF_TEXT,
  reefReport,
} from './test-fixtures';

const passagesOf = (report: typeof reefReport) => readPassages(report, REEF_TEXT, sourceEntries(report));
const EXCLUDING_BOTH = { exclude_quotations: true, exclude_references: true };

describe('matchesCsv', () => {
  it('writes one row per passage, in text order, with the source and both passages', () => {
    const csv = matchesCsv(passagesOf(reefReport), EXCLUDING_BOTH);
    const [header, first, second, ...rest] = csv.split('\r\n');
    expect(header).toBe(
      'Source,Kind,URL,Start,End,Passage in the text,Passage in the source,Earlier run,Exclusions switched off',
    );
    const pageMatch = reefReport.matches[0];
    const fileMatch = reefReport.matches[1];
    expect(first).toBe(
      `Reef basics — Ocean Facts,Web page,${PAGE_URL},${pageMatch?.start},${pageMatch?.end},"${REEF_TEXT.slice(pageMatch?.start, pageMatch?.end)}","${PAGE_SOURCE_TEXT}",,None`,
    );
    expect(second).toBe(
      `reef-notes.docx,File,,${fileMatch?.start},${fileMatch?.end},"${REEF_TEXT.slice(fileMatch?.start, fileMatch?.end)}","${FILE_SOURCE_TEXT}",,None`,
    );
    expect(rest).toEqual(['']);
  });

  it('names an earlier document’s run, and the exclusions the user switched off, on every row', () => {
    const row = (settings: typeof EXCLUDING_BOTH) =>
      matchesCsv(passagesOf(earlierNotesReport), settings).split('\r\n')[1];
    expect(row({ exclude_quotations: false, exclude_references: true })).toMatch(
      new RegExp(
        `^reef-notes\\.docx,Your earlier document,,.*,"AI Detection · ${formatDateTime(EARLIER_RUN_AT)}",Quotations$`,
      ),
    );
    expect(row({ exclude_quotations: true, exclude_references: false })?.endsWith(',Reference list')).toBe(true);
    expect(
      row({ exclude_quotations: false, exclude_references: false })?.endsWith(',Quotations and reference list'),
    ).toBe(true);
  });
});

describe('csvFileName', () => {
  it('names the file after the run, safe for any file system', () => {
    expect(csvFileName('reef-essay.docx')).toBe('reef-essay-matches.csv');
    expect(csvFileName('Notes: draft 2/3')).toBe('notes-draft-2-3-matches.csv');
    expect(csvFileName('***')).toBe('copyright-check-matches.csv');
  });
});
