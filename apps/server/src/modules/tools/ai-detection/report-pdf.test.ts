import { detectAiText } from '@candor/engine-ai-detect';
import { type AiDetectionReport, sourceFamilyLabels } from '@candor/engine-ai-detect/report';
import {
  aiReportLevel,
  aiVerdict,
  intervalPercents,
  localModelNote,
  rankedSourceFamilies,
  sourceModelWording,
} from '@candor/engine-ai-detect/report-wording';
import { formatPercent } from '@candor/engine-writing/percent';
import { describe, expect, it } from 'vitest';
import { readBack } from '../pdf/read-back.js';
import { printable } from '../pdf/report-document.js';
import { renderAiDetectionReportPdf } from './report-pdf.js';

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

/**
 * The report, stored before sensitivity levels, of a text scored past the AI threshold whose interval reaches back
 * below it: "uncertain" by the rules of the time, with source shares that round one by one to more than 100%.
 */
function leaningAi({ sensitivity: _, uncertainty: __, ...report }: AiDetectionReport): AiDetectionReport {
  return {
    ...report,
    ai_probability: 0.988,
    confidence_interval: { low: 0.97, high: 0.99 },
    label: 'uncertain',
    verdict: 'Too close to call: the confidence interval reaches between the human and the AI thresholds.',
    threshold: 0.987,
    human_threshold: 0.22,
    source_model: {
      family: 'llama',
      probabilities: [
        { family: 'llama', probability: 0.335 },
        { family: 'gpt', probability: 0.335 },
        { family: 'claude', probability: 0.325 },
        { family: 'gemini', probability: 0.003 },
        { family: 'open-source', probability: 0.002 },
      ],
    },
  };
}

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
    const verdict = aiVerdict(report);
    expect(text).toContain(printable(verdict.name));
    expect(text.replace(/\s+/g, ' ')).toContain(printable(verdict.explanation));
    // In the precision the screen uses: a decimal or two where a whole percent would read as a threshold.
    const shown = intervalPercents(report);
    expect(text).toContain(`Chance the text was written by AI ${shown.score}`);
    expect(text).toContain(`90% confidence interval ${shown.range}`);
    expect(text).toContain(`AI threshold ${shown.threshold}`);
    expect(text).toContain(`Human threshold ${shown.humanThreshold}`);
    // The level it was read at and what that means, and which scorer gave the verdict.
    const level = aiReportLevel(report);
    expect(level).toMatchObject({ level: 'balanced', legacy: false });
    expect(text.replace(/\s+/g, ' ')).toContain(`Sensitivity Balanced. ${printable(level.meaning)}`);
    expect(text.replace(/\s+/g, ' ')).toContain('Scored by Verdict from the built-in detector');

    const source = sourceModelWording(report);
    expect(text).toContain(printable(source?.title ?? ''));
    expect(text.replace(/\s+/g, ' ')).toContain(printable(source?.lead ?? ''));
    for (const entry of report.source_model ? rankedSourceFamilies(report.source_model) : []) {
      expect(text).toContain(`${printable(sourceFamilyLabels[entry.family])} ${entry.percent}`);
    }
    const strongest = report.evidence[0];
    // A long label wraps in its column, so lines are read as one.
    expect(text.replace(/\s+/g, ' ')).toContain(
      `${printable(strongest?.label ?? '')} ${(strongest?.contribution ?? 0) >= 0 ? 'towards AI' : 'towards human'}`,
    );

    // Each sentence, whole, beside its own probability.
    const flat = text.replace(/\s+/g, ' ');
    for (const sentence of report.sentences) {
      const words = ESSAY.slice(sentence.start, sentence.end).replace(/\s+/g, ' ').trim();
      expect(flat).toContain(`${formatPercent(sentence.ai_probability)} likely AI ${words}`);
    }
    expect(flat).toContain('It is important to note that these technologies offer significant benefits');
    expect(text).toContain(`Scored by ${report.model.name} ${report.model.version}`);
    expect(text).toContain(`Candor · AI Detector · page 1 of ${pages.length}`);
    expect(info).toMatchObject({ Title: 'Essay on AI', Author: 'Candor' });
  });

  it('prints a report stored before sensitivity levels at the level it was read at, and why a verdict is uncertain', async () => {
    const { sensitivity: _, uncertainty: __, ...legacy } = detectAiText(ESSAY);
    const old = (
      await readBack(
        await renderAiDetectionReportPdf({ title: 'Old', createdAt, cost: 1, text: ESSAY, report: legacy }),
      )
    ).text.replace(/\s+/g, ' ');
    expect(old).toContain('Sensitivity Strict. Checked before sensitivity levels existed');
    expect(old).toContain('with the whole interval at or above it, a text is called AI');
    const unsure = {
      ...detectAiText(ESSAY),
      label: 'uncertain' as const,
      uncertainty: ['near_threshold' as const, 'unfamiliar_writing' as const],
    };
    const printed = (
      await readBack(
        await renderAiDetectionReportPdf({ title: 'New', createdAt, cost: 1, text: ESSAY, report: unsure }),
      )
    ).text.replace(/\s+/g, ' ');
    expect(printed).toContain('Why it is uncertain: Too close to the threshold');
    // A firm verdict with a reason to doubt it says to read it with care instead.
    const firm = { ...unsure, label: 'human' as const, uncertainty: ['unfamiliar_writing' as const] };
    const printedFirm = (
      await readBack(await renderAiDetectionReportPdf({ title: 'New', createdAt, cost: 1, text: ESSAY, report: firm }))
    ).text.replace(/\s+/g, ' ');
    expect(printedFirm).toContain('Why to read it with care: A kind of writing the detector rarely saw');
    expect(printed).toContain('A kind of writing the detector rarely saw in training');
    expect(printed).toContain('a score at or above it is called AI');
  });

  it('says why no source model is named, as the screen does, and prints "?" for what the font lacks', async () => {
    const text = `${NOTE} The party was great 🎉 and the cake was from Köln.`;
    const scored = detectAiText(text);
    expect(scored.source_model).toBeNull();
    const { text: printed, info } = await readBack(
      await renderAiDetectionReportPdf({
        title: 'Fence 🎉 notes',
        createdAt,
        cost: 1,
        text,
        report: { ...scored, label: 'human' },
      }),
    );
    expect(printed).toContain('The text reads as human-written, so no AI model is named as its source.');
    const uncertain = await readBack(
      await renderAiDetectionReportPdf({
        title: 'Fence',
        createdAt,
        cost: 1,
        text,
        report: { ...scored, label: 'uncertain' },
      }),
    );
    expect(uncertain.text.replace(/\s+/g, ' ')).toContain(
      'No model is named: the text does not read clearly enough as AI-written to guess which model wrote it.',
    );
    expect(printed).toContain('Fence ? notes');
    expect(printed.replace(/\s+/g, ' ')).toContain('The party was great ? and the cake was from Köln.');
    expect(printed).toContain('1 token');
    expect(info.Title).toBe('Fence 🎉 notes');
  });

  it('says a score past the AI threshold only leans AI, and names the source model only as a condition', async () => {
    const report = leaningAi(detectAiText(ESSAY));
    const { text } = await readBack(
      await renderAiDetectionReportPdf({ title: 'Essay', createdAt, cost: 1, text: ESSAY, report }),
    );
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'Verdict Leans AI, not certain The score is at or above the AI threshold (98.7%), but its 90% confidence ' +
        'interval (97.0–99.0%) reaches below it, so the detector does not call the text AI-written. Longer samples ' +
        'give clearer answers.',
    );
    expect(flat).not.toContain('Can’t tell');
    expect(flat).toContain(
      'Source model, if AI-written The detector can’t tell whether this text is AI-written. If it is, it reads most ' +
        'like Llama and OPT (Meta).',
    );
    expect(flat).not.toContain('Likely source model');
    expect(flat).not.toContain('Most likely');
    // One by one the shares round to 34%, 34% and 33%: 101% with the rest.
    expect(flat).toContain(
      'Model family Probability Llama and OPT (Meta) 34% GPT (OpenAI) 34% Claude (Anthropic) 32% ' +
        'Gemini and Flan (Google) <1% Open models (GPT-J, GPT-Neo, Dolly, StableLM, …) <1%',
    );

    const mixed = await readBack(
      await renderAiDetectionReportPdf({
        title: 'Essay',
        createdAt,
        cost: 1,
        text: ESSAY,
        report: {
          ...report,
          label: 'mixed',
          verdict: 'Parts of this text read as AI-written and parts as human-written.',
        },
      }),
    );
    const mixedFlat = mixed.text.replace(/\s+/g, ' ');
    expect(mixedFlat).toContain('Verdict Mixed Parts of this text read as AI-written and parts as human-written.');
    expect(mixedFlat).toContain('Likely source model Most likely Llama and OPT (Meta).');
  });

  it('says when a local model also scored the text, and what the built-in detector alone gave', async () => {
    const report = {
      ...detectAiText(ESSAY),
      curvature: { model: 'stories260K', discrepancy: 2.5, tokens: 1024, truncated: true, built_in_probability: 0.62 },
    };
    const note = localModelNote(report);
    expect(note).toBe(
      'Also scored with the language model stories260K (probability curvature and rank, its first 1,024 tokens); the built-in detector alone gave 62%.',
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
