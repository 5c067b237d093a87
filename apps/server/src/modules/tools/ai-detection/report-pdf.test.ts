import { detectAiText } from '@candor/engine-ai-detect';
import { sourceFamilyLabels } from '@candor/engine-ai-detect/report';
import { describe, expect, it } from 'vitest';
import { readBack } from '../pdf/read-back.js';
import { percent, percentRange, printable } from '../pdf/report-document.js';
import { aiLabelNames, localModelNote, renderAiDetectionReportPdf } from './report-pdf.js';

const createdAt = new Date('2026-11-21T15:09:00Z');

// Generic, even prose of the kind the detector leans towards AI on, in two paragraphs.
const ESSAY = `Artificial intelligence has transformed numerous industries in recent years. It is important to note that these
technologies offer significant benefits, including increased efficiency and improved decision-making. However, it is
crucial to consider the potential challenges and ethical implications.

Furthermore, organizations must ensure that they implement robust frameworks to address these concerns. In conclusion,
a balanced approach that leverages the strengths of AI while mitigating its risks is essential for sustainable growth.
Overall, the future of AI holds immense potential for society as a whole.`;

const NOTE = `So i finally got round to fixing the fence last weekend. Took way longer than I thought, mostly because the
old posts were rotten right through and the hardware shop had run out of the brackets I wanted. My neighbour Dave came
over with his post-hole digger which saved my back, honestly.`;

describe('renderAiDetectionReportPdf', () => {
  it('prints the verdict, the probability with its interval and thresholds, the source family, evidence and every sentence', async () => {
    const report = detectAiText(ESSAY);
    expect(report.source_model).not.toBeNull();
    const pdf = await renderAiDetectionReportPdf({
      title: 'Essay on AI',
      createdAt,
      cost: report.words,
      text: ESSAY,
      report,
    });
    const { text, pages, info } = await readBack(pdf);

    expect(text).toContain('AI Detector report');
    expect(text).toContain('Essay on AI');
    expect(text).toContain('21 November 2026');
    expect(text).toContain(`${report.words} words`);
    expect(text).toContain(`${report.words} tokens`);
    expect(text).toContain(printable(aiLabelNames[report.label]));
    expect(text.replace(/\s+/g, ' ')).toContain(printable(report.verdict));
    expect(text).toContain(`Chance the text was written by AI ${percent(report.ai_probability)}`);
    expect(text).toContain(
      `90% confidence interval ${percentRange(report.confidence_interval.low, report.confidence_interval.high)}`,
    );
    expect(text).toContain(`AI threshold ${percent(report.threshold)}`);
    expect(text).toContain(`Human threshold ${percent(report.human_threshold)}`);

    const family = report.source_model?.family ?? 'gpt';
    expect(text).toContain(`Most likely ${printable(sourceFamilyLabels[family])}.`);
    for (const entry of report.source_model?.probabilities ?? []) {
      expect(text).toContain(`${printable(sourceFamilyLabels[entry.family])} ${percent(entry.probability)}`);
    }
    const strongest = report.evidence[0];
    expect(text).toContain(
      `${printable(strongest?.label ?? '')} ${(strongest?.contribution ?? 0) >= 0 ? 'towards AI' : 'towards human'}`,
    );

    // Each sentence, whole, beside its own probability.
    const flat = text.replace(/\s+/g, ' ');
    for (const sentence of report.sentences) {
      const words = ESSAY.slice(sentence.start, sentence.end).replace(/\s+/g, ' ').trim();
      expect(flat).toContain(`${percent(sentence.ai_probability)} likely AI ${words}`);
    }
    expect(flat).toContain('It is important to note that these technologies offer significant benefits');
    expect(text).toContain(`Scored by ${report.model.name} ${report.model.version}`);
    expect(text).toContain(`Candor · AI Detector · page 1 of ${pages.length}`);
    expect(info).toMatchObject({ Title: 'Essay on AI', Author: 'Candor' });
  });

  it('says why no source model is named for a human-reading text, and prints "?" for what the font lacks', async () => {
    const text = `${NOTE} The party was great 🎉 and the cake was from Köln.`;
    const report = detectAiText(text);
    expect(report.source_model).toBeNull();
    const { text: printed, info } = await readBack(
      await renderAiDetectionReportPdf({ title: 'Fence 🎉 notes', createdAt, cost: 1, text, report }),
    );
    expect(printed).toContain('The text reads as human-written, so no AI model is named as its source.');
    expect(printed).toContain('Fence ? notes');
    expect(printed.replace(/\s+/g, ' ')).toContain('The party was great ? and the cake was from Köln.');
    expect(printed).toContain('1 token');
    expect(info.Title).toBe('Fence 🎉 notes');
  });

  it('says when a local model also scored the text, and what the built-in detector alone gave', async () => {
    const report = {
      ...detectAiText(ESSAY),
      curvature: { model: 'stories260K', discrepancy: 2.5, tokens: 1024, truncated: true, built_in_probability: 0.62 },
    };
    const note = localModelNote(report.curvature);
    expect(note).toBe(
      'Also scored with the local model stories260K (probability curvature, its first 1024 tokens); the built-in detector alone gave 62%.',
    );
    const { text } = await readBack(
      await renderAiDetectionReportPdf({ title: 'Essay', createdAt, cost: 1, text: ESSAY, report }),
    );
    expect(text.replace(/\s+/g, ' ')).toContain(note);
    const plain = await readBack(
      await renderAiDetectionReportPdf({
        title: 'Essay',
        createdAt,
        cost: 1,
        text: ESSAY,
        report: detectAiText(ESSAY),
      }),
    );
    expect(plain.text).not.toContain('local model');
  });

  it('says the text was disguised, as the screen does, and prints it as submitted', async () => {
    const disguised = NOTE.replace(/o/g, '\u043E').replace('fence', 'fen\u200Bce');
    const report = detectAiText(disguised);
    expect(report.obfuscation).toEqual({ hidden_characters: 1, look_alike_letters: NOTE.match(/o/g)?.length });
    const { text } = await readBack(
      await renderAiDetectionReportPdf({ title: 'Note', createdAt, cost: 1, text: disguised, report }),
    );
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Disguised text. This text holds 1 invisible character and ${NOTE.match(/o/g)?.length} letters from other alphabets`,
    );
    const plain = await readBack(
      await renderAiDetectionReportPdf({ title: 'Note', createdAt, cost: 1, text: NOTE, report: detectAiText(NOTE) }),
    );
    expect(plain.text).not.toContain('Disguised text');
  });
});
