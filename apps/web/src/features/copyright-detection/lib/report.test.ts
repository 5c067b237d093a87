import type { HistoryItem } from '@candor/contracts';
import {
  comparedLine,
  comparedSources,
  countedLine,
  excludedLine,
  similarityVerdict,
  unreadLine,
  unreadTitle,
} from '@candor/contracts/plagiarism-wording';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { copyrightSummary, earlierRun, readPassages, sourceEntries } from './report';
import {
  EARLIER_RUN_AT,
  earlierNotesReport,
  ORIGINAL_TEXT,
  originalReport,
  PAGE_URL,
  PAYWALLED_URL,
  partlyReadInput,
  partlyReadReport,
  REEF_TEXT,
  reefInput,
  reefReport,
  UNREAD_URL,
} from './test-fixtures';

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

describe('the web pages that could not be read', () => {
  it('are counted in the title and said to be left out of the similarity, one or many', () => {
    expect(unreadTitle(reefReport)).toBeNull();
    expect(unreadTitle(partlyReadReport)).toBe('2 web pages could not be read');
    expect(unreadLine(partlyReadReport)).toBe(
      'The text was compared with the other sources only, so the similarity leaves these pages out. To compare ' +
        'them, check again later, or save each page as a PDF and add it as a file.',
    );
    const one = { unread_sources: partlyReadReport.unread_sources.slice(0, 1) };
    expect(unreadTitle(one)).toBe('1 web page could not be read');
    expect(unreadLine(one)).toContain('leaves this page out. To compare it, check again later, or save the page');
    // Read pages only: the ones left out are not "compared".
    expect(comparedLine(partlyReadReport)).toBe('Compared with 1 file, 1 web page and 3 earlier documents of yours.');
  });
});

describe('countedLine', () => {
  it('says nothing while quotations and the reference list are left out', () => {
    expect(countedLine({ exclude_quotations: true, exclude_references: true })).toBeNull();
  });

  it('says which of them counted because its exclusion was switched off', () => {
    expect(countedLine({ exclude_quotations: false, exclude_references: true })).toBe(
      'Quotations were counted: excluding them was switched off.',
    );
    expect(countedLine({ exclude_quotations: true, exclude_references: false })).toBe(
      'The reference list was counted: excluding it was switched off.',
    );
    expect(countedLine({ exclude_quotations: false, exclude_references: false })).toBe(
      'Quotations and the reference list were counted: excluding them was switched off.',
    );
  });
});

describe('earlierRun', () => {
  it('names the tool and time of an earlier document of yours, and nothing for other sources', () => {
    const [earlier] = earlierNotesReport.sources;
    if (!earlier) throw new Error('no source');
    expect(earlierRun(earlier)).toBe(`AI Detection · ${formatDateTime(EARLIER_RUN_AT)}`);
    expect(earlierRun(earlier)).toContain('Nov 20, 2026');
    // Reports made before the earlier run was recorded name only the document.
    expect(earlierRun({ ...earlier, model_name: undefined, created_at: undefined })).toBeNull();
    for (const source of reefReport.sources) expect(earlierRun(source)).toBeNull();
  });
});

describe('copyrightSummary', () => {
  const item: HistoryItem = {
    history_id: '00000000-0000-4000-8000-000000000009',
    model_name: 'PLAGIARISM',
    title: 'Reef essay',
    cost: 20,
    created_at: '2026-11-21T10:00:00Z',
    has_children: false,
    children: [],
  };

  it('names an earlier document’s tool and time, and says what counted because an exclusion was off', () => {
    const input = { ...reefInput, exclude_quotations: false };
    const run = { item, input, text: REEF_TEXT, fileName: undefined, report: earlierNotesReport };
    const summary = copyrightSummary(run, 'Reef essay', sourceEntries(earlierNotesReport));
    expect(summary.split('\n')).toEqual([
      'Copyright Detector — Reef essay',
      '26% of the text matches 1 source.',
      'Compared with 1 earlier document of yours.',
      'Not counted: 1 quotation and the reference list.',
      'Quotations were counted: excluding them was switched off.',
      '',
      'Sources:',
      `1. reef-notes.docx (Your earlier document, AI Detection · ${formatDateTime(EARLIER_RUN_AT)}) — 26%`,
    ]);
  });

  it('lists the web pages that could not be read, each with why', () => {
    const run = { item, input: partlyReadInput, text: REEF_TEXT, fileName: undefined, report: partlyReadReport };
    const summary = copyrightSummary(run, 'Reef essay', sourceEntries(partlyReadReport));
    expect(summary.split('\n').slice(-6)).toEqual([
      `1. Reef basics — Ocean Facts (Web page, ${PAGE_URL}) — 32%`,
      '2. reef-notes.docx (File) — 26%',
      '',
      '2 web pages could not be read:',
      `- ${UNREAD_URL} — Could not reach example.org: the connection was refused`,
      `- ${PAYWALLED_URL} — paywalled.example answered 403 (access refused)`,
    ]);
  });
});
