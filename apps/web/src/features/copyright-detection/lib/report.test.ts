import { describe, expect, it } from 'vitest';
import { comparedLine, comparedSources, excludedLine, readPassages, similarityVerdict, sourceEntries } from './report';
import { ORIGINAL_TEXT, originalReport, REEF_TEXT, reefReport } from './test-fixtures';

describe('sourceEntries', () => {
  it('orders the sources by similarity, numbering them and counting their passages', () => {
    expect(sourceEntries(reefReport).map((entry) => [entry.number, entry.source.source_id, entry.passages])).toEqual([
      [1, 'url-1', 1],
      [2, 'document-1', 1],
      [3, 'url-2', 0],
    ]);
  });
});

describe('readPassages', () => {
  it('keeps text order and leaves out a match of an unknown source or outside the text', () => {
    const report = {
      ...reefReport,
      matches: [
        ...reefReport.matches,
        { source_id: 'gone', start: 0, end: 4, source_start: 0, source_end: 4, source_text: 'Cora' },
        { source_id: 'url-1', start: 0, end: REEF_TEXT.length + 1, source_start: 0, source_end: 4, source_text: 'x' },
      ],
    };
    const passages = readPassages(report, REEF_TEXT, sourceEntries(report));
    expect(passages.map((passage) => [passage.number, passage.entry.number])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(passages[0]?.text.startsWith('Coral reefs cover')).toBe(true);
  });
});

describe('the verdict', () => {
  it('says how much of the text matches how many sources', () => {
    expect(similarityVerdict(reefReport)).toBe('58% of the text matches 2 sources');
    expect(comparedLine(reefReport)).toBe('Compared with 1 file, 2 web pages and 3 earlier documents of yours.');
    expect(excludedLine(reefReport)).toBe('Not counted: 1 quotation and the reference list.');
  });

  it('counts every compared source when nothing matched', () => {
    expect(comparedSources(originalReport)).toBe(5);
    expect(similarityVerdict(originalReport)).toBe('No copied passages found in 5 sources');
    expect(excludedLine(originalReport)).toBeNull();
    expect(readPassages(originalReport, ORIGINAL_TEXT, sourceEntries(originalReport))).toEqual([]);
  });

  it('names one source and one earlier document in the singular', () => {
    const report = {
      ...reefReport,
      matches: reefReport.matches.slice(0, 1),
      compared: { my_documents: 1, organisation_documents: 12 },
    };
    expect(similarityVerdict(report)).toBe('58% of the text matches 1 source');
    expect(comparedLine(report)).toBe(
      'Compared with 1 file, 2 web pages, 1 earlier document of yours and 12 documents from your organisation.',
    );
  });
});
