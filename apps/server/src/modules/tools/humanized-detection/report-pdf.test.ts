import { defaultDetectorModel } from '@candor/engine-ai-detect';
import { detectHumanized, humanizedLabelNames, humanizedLabels } from '@candor/engine-humanized-detect';
import type { Signal } from '@candor/engine-humanized-detect/report';
import { classPercents } from '@candor/engine-humanized-detect/report-wording';
import { describe, expect, it } from 'vitest';
import { readBack } from '../pdf/read-back.js';
import { printable } from '../pdf/report-document.js';
import { MAX_LISTED_SIGNALS, renderHumanizedDetectionReportPdf } from './report-pdf.js';

const createdAt = new Date('2026-11-21T15:09:00Z');

// Generic, even prose, then a person's note: sentences of more than one label and plenty of signals.
const TEXT = `Artificial intelligence has transformed numerous industries in recent years. It is important to note that these
technologies offer significant benefits, including increased efficiency and improved decision-making. However, it is
crucial to consider the potential challenges and ethical implications.

So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the old posts
were rotten right through. My neighbour Dave came over with his post-hole digger which saved my back, honestly.`;

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderHumanizedDetectionReportPdf', () => {
  it('prints the verdict, the three probabilities, the signals, the evidence and every sentence with its label', async () => {
    const report = detectHumanized(TEXT, defaultDetectorModel());
    expect(report.signals.length).toBeGreaterThan(0);
    const pdf = await renderHumanizedDetectionReportPdf({
      title: 'Mixed draft',
      createdAt,
      cost: 88,
      text: TEXT,
      report,
    });
    const { text, pages, info } = await readBack(pdf);
    const all = flat(text);

    expect(all).toContain('Humanized Text Detector report');
    expect(all).toContain('Mixed draft');
    expect(all).toContain(`21 November 2026 at 15:09 UTC · ${report.words} words · 88 tokens`);
    expect(all).toContain(printable(report.verdict));
    const percents = classPercents(report.probabilities);
    for (const label of humanizedLabels) {
      expect(all).toMatch(new RegExp(`${humanizedLabelNames[label]} .*${percents[label]}`));
    }

    for (const kind of new Set(report.signals.map((signal) => signal.kind))) {
      const label = {
        collocation_break: 'Collocation break',
        surprisal_spike: 'Surprisal spike',
        odd_word: 'Odd word choice',
      }[kind];
      const count = report.signals.filter((signal) => signal.kind === kind).length;
      expect(all).toMatch(new RegExp(`${label} .*? ${count}`));
    }
    const first = report.signals[0];
    expect(all).toContain(`“${flat(TEXT.slice(first?.start ?? 0, first?.end ?? 0))}”`);
    expect(all).toContain(printable(report.evidence[0]?.label ?? ''));

    for (const sentence of report.sentences) {
      const words = flat(TEXT.slice(sentence.start, sentence.end)).trim();
      const label = printable(humanizedLabelNames[sentence.label]);
      expect(all).toContain(`${label} ${classPercents(sentence.probabilities)[sentence.label]} ${words}`);
    }
    expect(all).toContain('So i finally got round to fixing the fence last weekend.');
    expect(text).toContain(`Candor · Humanized Text Detector · page 1 of ${pages.length}`);
    expect(info).toMatchObject({ Title: 'Mixed draft', Author: 'Candor' });
  });

  it('says which class each piece of evidence pushed towards: the verdict’s, or the runner-up’s', async () => {
    const report = {
      ...detectHumanized(TEXT, defaultDetectorModel()),
      label: 'human' as const,
      probabilities: { human: 0.9, ai: 0.08, ai_humanized: 0.02 },
      evidence: [
        { feature: 'commas', label: 'Commas per word', contribution: 0.7 },
        { feature: 'quotes', label: 'No quotation marks', contribution: -0.4 },
      ],
    };
    const pdf = await renderHumanizedDetectionReportPdf({ title: 'Note', createdAt, cost: 88, text: TEXT, report });
    const all = flat((await readBack(pdf)).text);
    expect(all).toContain('Commas per word towards human');
    expect(all).toContain('No quotation marks towards AI');
  });

  it('says when the label is only a best guess, and caps the list of signals', async () => {
    const text = 'The fence is fixed now, finally. Dave helped.';
    const base = detectHumanized(text, defaultDetectorModel());
    const signal = { start: 4, end: 9, kind: 'odd_word' as const };
    const report = { ...base, uncertain: true, signals: Array.from({ length: MAX_LISTED_SIGNALS + 5 }, () => signal) };
    const { text: printed } = await readBack(
      await renderHumanizedDetectionReportPdf({ title: 'Short note', createdAt, cost: 9, text, report }),
    );
    const all = flat(printed);
    const name = printable(humanizedLabelNames[report.label]);
    expect(all).toContain(`${name} (uncertain)`);
    expect(all).toContain(`“${name}” is the detector’s best guess, not a verdict.`);
    expect(all).toContain(
      `Odd word choice keeps the meaning, but is not how people usually say it ${MAX_LISTED_SIGNALS + 5}`,
    );
    expect(all.match(/“fence”/g)).toHaveLength(MAX_LISTED_SIGNALS);
    expect(all).toContain('…and 5 more underlined words not listed here.');
  });

  it('calls the marked words signs of a paraphraser only when the verdict says one was used', async () => {
    const scored = detectHumanized(TEXT, defaultDetectorModel());
    const marked = (word: string, kind: Signal['kind']) => ({
      start: TEXT.indexOf(word),
      end: TEXT.indexOf(word) + word.length,
      kind,
    });
    const signals = [marked('numerous', 'odd_word'), marked('crucial', 'surprisal_spike')];
    const print = async (label: 'ai' | 'ai_humanized') =>
      flat(
        (
          await readBack(
            await renderHumanizedDetectionReportPdf({
              title: 'Draft',
              createdAt,
              cost: 1,
              text: TEXT,
              report: { ...scored, label, uncertain: false, signals },
            }),
          )
        ).text,
      );

    const unedited = await print('ai');
    expect(unedited).toContain(
      'Unusual word choices 2 unusual word choices underlined: worth a look, not proof of a paraphraser. Kind',
    );
    expect(unedited).toContain('Unusual word choices are underlined.');
    expect(unedited).not.toContain('Signs of a paraphraser');
    expect(unedited).not.toContain('word-level sign');

    const paraphrased = await print('ai_humanized');
    expect(paraphrased).toContain('Signs of a paraphraser 2 word-level signs of a paraphraser underlined. Kind');
    expect(paraphrased).toContain('Signs of a paraphraser are underlined.');
    expect(paraphrased).not.toContain('Unusual word choices');
  });

  it('gives the three probabilities as percents that add up to 100 as shown', async () => {
    const scored = detectHumanized(TEXT, defaultDetectorModel());
    // One by one these round to 50%, 49% and 2%.
    const report = {
      ...scored,
      label: 'human' as const,
      probabilities: { human: 0.496, ai: 0.486, ai_humanized: 0.018 },
    };
    const { text } = await readBack(
      await renderHumanizedDetectionReportPdf({ title: 'Draft', createdAt, cost: 1, text: TEXT, report }),
    );
    expect(flat(text)).toContain(
      'Human written by a person 50% AI generated and left as it was 48% AI, disguised generated, then passed through ' +
        'a paraphraser or “humanizer” 2%',
    );
  });
});
