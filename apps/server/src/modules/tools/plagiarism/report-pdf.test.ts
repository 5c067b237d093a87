import type { PlagiarismResult, PlagiarismUnreadSource } from '@candor/contracts/tools';
import { formatPercent as percent } from '@candor/engine-writing/percent';
import { describe, expect, it } from 'vitest';
import { readBack } from '../pdf/read-back.js';
import runPlagiarism from './engine.js';
import { MAX_LISTED_PASSAGES, MAX_LISTED_SOURCES, renderPlagiarismReportPdf } from './report-pdf.js';
import type { GatheredSource } from './sources.js';

const createdAt = new Date('2026-11-21T15:09:00Z');

const SOURCE = `Lighthouses were once kept by families who lived at the foot of the tower. Every evening the keeper climbed
the spiral stair, trimmed the wick and polished the great lens until it shone, because a smeared lens could hide the
light from a ship only a few miles out. In storms the keeper stayed awake through the night, winding the clockwork that
turned the lamp and writing the weather into the log book. Automation arrived in the twentieth century and the last
keepers left their towers, but many of the log books survive in county archives.`;

// A copied sentence, a quoted one (not counted) and a closing reference list (not counted).
const ESSAY = `My grandmother grew up near the coast and still talks about the lighthouse she could see from her bedroom
window. Every evening the keeper climbed the spiral stair, trimmed the wick and polished the great lens until it shone,
she told me, and she swore she could hear him singing on calm nights. "In storms the keeper stayed awake through the
night, winding the clockwork that turned the lamp," she read to me from a book. She moved inland when she married and
never lived by the sea again.

References
Smith, J. (2019). Keepers of the light. Coast Press.`;

const URL = 'https://museum.example/keepers-of-the-light';
const sources: GatheredSource[] = [
  { source_id: 'document-1', kind: 'document', title: 'keepers.pdf', url: null, history_id: null, text: SOURCE },
  {
    source_id: 'url-1',
    kind: 'url',
    title: 'Keepers of the light',
    url: URL,
    history_id: null,
    text: SOURCE.slice(0, 200),
  },
  { source_id: 'document-2', kind: 'document', title: 'bread.txt', url: null, history_id: null, text: 'Bread rises.' },
];

const flat = (text: string) => text.replace(/\s+/g, ' ');

async function checked(text: string, gathered: GatheredSource[], unread: PlagiarismUnreadSource[] = []) {
  const input = { text, exclude_quotations: true, exclude_references: true };
  return { input, report: await runPlagiarism({ ...input, sources: gathered, unread_sources: unread }, () => {}) };
}

describe('renderPlagiarismReportPdf', () => {
  it('prints the similarity, each source with its kind, address and share, the passages beside their sources, and what was left out', async () => {
    const { input, report } = await checked(ESSAY, sources);
    expect(report.matches.length).toBeGreaterThan(0);
    expect(report.excluded.map((range) => range.reason).sort()).toEqual(['quotation', 'references']);
    const pdf = await renderPlagiarismReportPdf({
      title: 'grandmother.txt',
      createdAt,
      cost: 2 * report.words,
      input,
      report,
    });
    const { text, pages, info } = await readBack(pdf);
    const all = flat(text);

    expect(all).toContain('Copyright Detector report');
    expect(all).toContain(`21 November 2026 at 15:09 UTC · ${report.words} words · ${2 * report.words} tokens`);
    expect(all).toContain(`Similarity ${percent(report.similarity)}`);
    expect(all).toContain(`${percent(report.similarity)} of the text matches 2 sources.`);
    expect(all).toContain('Compared with 2 files and 1 web page.');
    expect(all).toContain('Not counted: 1 quotation and the reference list.');

    const [first, second, third] = [...report.sources].sort((a, b) => b.similarity - a.similarity);
    expect(all).toContain(`1. keepers.pdf — ${percent(first?.similarity ?? 0)} of the text File · 1 matched passage`);
    expect(all).toContain(
      `2. Keepers of the light — ${percent(second?.similarity ?? 0)} of the text Web page · 1 matched passage ${URL}`,
    );
    expect(third).toMatchObject({ title: 'bread.txt', similarity: 0 });
    expect(all).toContain('3. bread.txt — 0% of the text File · 0 matched passages');

    // The copied words in the text and the source's words beside them.
    const match = report.matches.find((candidate) => candidate.source_id === 'document-1');
    expect(match?.source_text).toContain('\n');
    expect(all).toContain(
      `Passage 1, in the text ${flat(ESSAY.slice(match?.start ?? 0, match?.end ?? 0))} ` +
        `In source 1. keepers.pdf ${flat(match?.source_text ?? '')}`,
    );
    expect(all).toContain('Passage 2, in the text Every evening the keeper climbed');
    expect(all).toContain('In source 2. Keepers of the light Every evening the keeper climbed');

    expect(all).toContain('Quotations were left out of the count; a closing reference list was left out of the count.');
    expect(all).toContain(
      'Quotation "In storms the keeper stayed awake through the night, winding the clockwork that turned the lamp,"',
    );
    expect(all).toContain('Reference list References Smith, J. (2019). Keepers of the light. Coast Press.');
    expect(all).not.toContain('could not be read');
    expect(text).toContain(`Candor · Copyright Detector · page 1 of ${pages.length}`);
    expect(info).toMatchObject({ Title: 'grandmother.txt', Author: 'Candor' });
  });

  it('names the web pages that could not be read and why, before the similarity that leaves them out', async () => {
    const unread: PlagiarismUnreadSource[] = [
      { url: 'https://gone.example/keepers', code: 'source_unreachable', reason: 'Could not reach gone.example' },
    ];
    const { input, report } = await checked(ESSAY, sources.slice(0, 1), unread);
    expect(report.unread_sources).toEqual(unread);
    const { text: printed } = await readBack(
      await renderPlagiarismReportPdf({ title: 'grandmother.txt', createdAt, cost: 2 * report.words, input, report }),
    );
    const all = flat(printed);
    expect(all).toContain(
      '1 web page could not be read The text was compared with the other sources only, so the similarity leaves ' +
        'this page out. To compare it, check again later, or save the page as a PDF and add it as a file. ' +
        'https://gone.example/keepers Could not reach gone.example Similarity',
    );
    expect(all).toContain('Compared with 1 file.');
  });

  it('says plainly when nothing matched, with the settings that were off', async () => {
    const text = 'Tomatoes need sun, water and patience; mine never ripen before September.';
    const { report } = await checked(text, sources);
    const input = { text, exclude_quotations: false, exclude_references: false };
    const { text: printed } = await readBack(
      await renderPlagiarismReportPdf({ title: 'Tomatoes', createdAt, cost: 24, input, report }),
    );
    const all = flat(printed);
    expect(all).toContain('Similarity 0% No copied passages found in 3 sources.');
    expect(all).toContain('No passage of the text was found in the files, pages or documents it was compared with.');
    expect(all).toContain(
      'Compared with 2 files and 1 web page. Quotations and the reference list were counted: excluding them was ' +
        'switched off.',
    );
    expect(all).toContain('Quotations were counted; a closing reference list was counted.');
    expect(all).toContain('Nothing was left out of this text.');
  });

  it('says which exclusion was switched off, and names the tool and time of an earlier document of yours', async () => {
    const earlier: GatheredSource = {
      source_id: 'my-1',
      kind: 'my_document',
      title: 'keepers.txt',
      url: null,
      history_id: '00000000-0000-4000-8000-000000000001',
      model_name: 'AI_DETECTION',
      created_at: '2026-11-20T08:30:00.000Z',
      text: SOURCE,
    };
    const { report } = await checked(ESSAY, [earlier]);
    const print = async (exclude_quotations: boolean, exclude_references: boolean) =>
      flat(
        (
          await readBack(
            await renderPlagiarismReportPdf({
              title: 'grandmother.txt',
              createdAt,
              cost: 2 * report.words,
              input: { text: ESSAY, exclude_quotations, exclude_references },
              report,
            }),
          )
        ).text,
      );

    const quotationsCounted = await print(false, true);
    expect(quotationsCounted).toContain('Quotations were counted: excluding them was switched off.');
    expect(quotationsCounted).toContain(
      'keepers.txt — ' +
        `${percent(report.sources[0]?.similarity ?? 0)} of the text Your earlier document · AI Detection, ` +
        '20 November 2026 at 08:30 UTC · 1 matched passage',
    );
    expect(await print(true, false)).toContain('The reference list was counted: excluding it was switched off.');
    expect(await print(true, true)).not.toContain('excluding');
  });

  it('lists at most 100 sources and 200 passages, and says how many more there are', async () => {
    const text = 'word '.repeat(400).trim();
    const many = Array.from({ length: MAX_LISTED_SOURCES + 3 }, (_, index) => ({
      source_id: `my-${index}`,
      kind: 'my_document' as const,
      title: `Earlier document ${index + 1}`,
      url: null,
      history_id: null,
      similarity: 0.5 - index / 1000,
      matched_characters: 5,
    }));
    const report: PlagiarismResult = {
      similarity: 0.6,
      words: 400,
      sources: many,
      compared: { my_documents: many.length, organisation_documents: 0 },
      matches: Array.from({ length: MAX_LISTED_PASSAGES + 7 }, (_, index) => ({
        source_id: 'my-0',
        start: index * 5,
        end: index * 5 + 4,
        source_start: 0,
        source_end: 4,
        source_text: `source words ${index + 1}`,
      })),
      excluded: [],
      unread_sources: [],
    };
    const input = { text, exclude_quotations: true, exclude_references: true };
    const { text: printed } = await readBack(
      await renderPlagiarismReportPdf({ title: 'Many', createdAt, cost: 800, input, report }),
    );
    const all = flat(printed);
    expect(all).toContain(`Compared with ${MAX_LISTED_SOURCES + 3} earlier documents of yours.`);
    expect(all).toContain(`${MAX_LISTED_SOURCES}. Earlier document ${MAX_LISTED_SOURCES} —`);
    expect(all).not.toContain(`Earlier document ${MAX_LISTED_SOURCES + 1} —`);
    expect(all).toContain('…and 3 more sources not listed here.');
    expect(all).toContain(`source words ${MAX_LISTED_PASSAGES} `);
    expect(all).not.toContain(`source words ${MAX_LISTED_PASSAGES + 1} `);
    expect(all).toContain('…and 7 more passages not listed here.');
  });
});
