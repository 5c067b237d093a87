import { analyzeWriting, type WritingIssue, type WritingReport } from '@candor/engine-writing';
import { describe, expect, it } from 'vitest';
import { readBack } from '../pdf/read-back.js';
import { printable } from '../pdf/report-document.js';
import { MAX_LISTED_ISSUES, renderWritingReportPdf } from './report-pdf.js';

const createdAt = new Date('2026-11-21T15:09:00Z');

describe('renderWritingReportPdf', () => {
  it('renders the engine report: title, scores, counts and issues, with metadata and page numbers', async () => {
    const text =
      'The report was written by the committee last year. It explains the plan in plain words, ' +
      'and the recieve step comes later. Readers can follow each part without trouble, and the ' +
      'appendix lists every source.';
    const report = analyzeWriting(text);
    const passive = report.issues.find((issue) => issue.kind === 'passive-voice');
    const spelling = report.issues.find((issue) => issue.kind === 'spelling');
    expect(passive).toBeDefined();
    expect(spelling?.text).toBe('recieve');

    const pdf = await renderWritingReportPdf({ title: 'Committee notes', createdAt, cost: 7, text, report });
    const { pages, info } = await readBack(pdf);
    const all = pages.join('\n');

    expect(all).toContain('Writing Analysis report');
    expect(all).toContain('Committee notes');
    expect(all).toContain('21 November 2026');
    expect(all).toContain(`${report.counts.words} words`);
    expect(all).toContain('7 tokens');
    expect(all).toContain('Flesch Reading Ease');
    expect(all).toContain(report.readability.fleschReadingEase.toFixed(1));
    expect(all).toContain(printable(passive?.message ?? ''));
    expect(all).toContain(printable(spelling?.message ?? ''));
    expect(all).toContain('recieve');
    expect(all).toContain(`page 1 of ${pages.length}`);
    expect(info).toMatchObject({ Title: 'Committee notes', Author: 'Candor' });
  });

  it('says a text is too short to score rather than printing scores off their scale', async () => {
    const text = 'Hi.';
    const report = analyzeWriting(text);
    expect(report.readability.fleschReadingEase).toBeGreaterThan(100);

    const { pages } = await readBack(await renderWritingReportPdf({ title: 'Hi', createdAt, cost: 1, text, report }));
    // Table cells wrap: read the text as one line.
    const all = pages.join(' ').replace(/\s+/g, ' ');
    // Said once, in place of a table of seven meaningless scores.
    expect(all.match(/Too short to score — needs at least 30 words and 3 sentences\./g)).toHaveLength(1);
    expect(all).not.toContain('Flesch Reading Ease');
    expect(all).not.toContain(report.readability.fleschReadingEase.toFixed(1));
    expect(all).not.toContain('College graduate');
    expect(all).toContain('MTLD: Too short to score — needs at least 50 words; this text has 1.');
  });

  it('prints text outside WinAnsi as something safe instead of crashing', async () => {
    const text = 'Grüße aus Köln 🎉. 日本語の文章です. The ﬁnal word is naïve.';
    const pdf = await renderWritingReportPdf({
      title: 'Émoji 🎉 and 漢字',
      createdAt,
      cost: 1,
      text,
      report: analyzeWriting(text),
    });
    const { pages, info } = await readBack(pdf);
    expect(pages.join('\n')).toContain('Émoji ? and ??');
    expect(info.Title).toBe('Émoji 🎉 and 漢字');
  });

  it('lists at most 300 issues and says how many more there are', async () => {
    const text = 'Teh cat sat. '.repeat(600).trim();
    const base = analyzeWriting('Teh cat sat.');
    const issue = base.issues.find((candidate) => candidate.kind === 'spelling') as WritingIssue;
    const issues = Array.from({ length: 600 }, (_, index) => ({
      ...issue,
      id: `spelling-${index}`,
      start: index * 13,
      end: index * 13 + 3,
      message: `Misspelt word number ${index + 1}`,
    }));
    const report: WritingReport = { ...base, issues, issueCounts: { ...base.issueCounts, spelling: 600 } };

    const { pages } = await readBack(
      await renderWritingReportPdf({ title: 'Typos', createdAt, cost: 3, text, report }),
    );
    const all = pages.join('\n');
    expect(all).toContain(`Misspelt word number ${MAX_LISTED_ISSUES}\n`);
    expect(all).not.toContain(`Misspelt word number ${MAX_LISTED_ISSUES + 1}\n`);
    expect(all).toContain('…and 300 more issues not listed here.');
    expect(all).toContain('Spelling (600)');
  });
});
