// AI detector against attacks in the style of the RAID benchmark: a detector trained without one fold of
// ../shared/datasets/text (language models included) checks that fold as it is and attacked — human and AI texts
// alike, as an attacker's tool would. Homoglyphs and zero-width spaces are undone by the canonical reading
// (packages/engines/writing/src/canonical-text.ts); misspellings and split words are read back by the detector's
// language model (packages/engines/ai-detect/src/language-model.ts), most of them; case swaps and deleted articles are
// not. About four minutes.
import path from 'node:path';
import { DetectorModel, documentLogOdds } from '@candor/engine-ai-detect';
import { foldOf, type LabelledText, loadDatasets } from '../packages/engines/ai-detect/training/dataset.js';
import { auroc, thresholdForFalsePositiveRate } from '../packages/engines/ai-detect/training/metrics.js';
import {
  buildLanguageModel,
  countsAsAiWriting,
  crossFitScores,
  fitDetectorModels,
  trainingSet,
} from '../packages/engines/ai-detect/training/pipeline.js';
import { machine, machineTable, seededRandom, writeResult } from './lib.mjs';

const datasetsDir = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/text');
const SEED = Number(process.env.BENCH_ATTACK_SEED ?? 7);
const FOLDS = 5;
const TEST_FOLD = 0;
/** Share of the letters an attack touches. */
const HOMOGLYPH_RATE = 0.5;
const ZERO_WIDTH_RATE = 0.2;
const MISSPELLING_RATE = 0.1;
const CASE_SWAP_RATE = 0.05;
const SPLIT_WORD_RATE = 0.1;

const texts = loadDatasets(datasetsDir);
const set = trainingSet(texts);
const rows = texts.map((_, i) => i).filter((i) => set.binary[i] !== undefined);
const inTest = (i: number) => foldOf(texts[i] as LabelledText, FOLDS) === TEST_FOLD;
const train = rows.filter((i) => !inTest(i));
const test = rows.filter(inTest);
console.info(`Training on ${train.length} texts, testing on ${test.length}`);

const fitted = fitDetectorModels(set, train, crossFitScores(texts), 'document');
const trainTexts = texts.filter((_, i) => !inTest(i));
const detector = new DetectorModel({
  ...fitted.file,
  languageModel: buildLanguageModel(trainTexts.filter((t) => t.origin === 'human')).toJSON(),
  aiLanguageModel: buildLanguageModel(trainTexts.filter(countsAsAiWriting)).toJSON(),
});

// Cyrillic and Greek letters that Unicode's confusables table maps to these Latin ones.
const LOOK_ALIKES: Record<string, string> = {
  a: '\u0430',
  c: '\u0441',
  e: '\u0435',
  i: '\u0456',
  o: '\u043E',
  p: '\u0440',
  x: '\u0445',
  y: '\u0443',
  A: '\u0391',
  B: '\u0392',
  E: '\u0395',
  H: '\u0397',
  O: '\u039F',
  T: '\u03A4',
};

type Attack = (text: string, random: () => number) => string;
const attacks: { name: string; attack: Attack }[] = [
  { name: 'none', attack: (text) => text },
  {
    name: `homoglyphs (${HOMOGLYPH_RATE * 100}% of a, c, e, i, o, p, x, y and some capitals)`,
    attack: (text, random) =>
      text.replace(/[aceiopxyABEHOT]/g, (c) => (random() < HOMOGLYPH_RATE ? (LOOK_ALIKES[c] as string) : c)),
  },
  {
    name: `zero-width spaces (after ${ZERO_WIDTH_RATE * 100}% of letters)`,
    attack: (text, random) => text.replace(/\p{L}/gu, (c) => (random() < ZERO_WIDTH_RATE ? `${c}\u200B` : c)),
  },
  // Attacks the canonical reading does not undo, measured so their cost is known.
  {
    name: `misspellings (two letters swapped in ${MISSPELLING_RATE * 100}% of words of four or more letters)`,
    attack: (text, random) =>
      text.replace(/\b[a-z]{4,}\b/g, (word) => {
        if (random() >= MISSPELLING_RATE) return word;
        const at = 1 + Math.floor(random() * (word.length - 2));
        return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
      }),
  },
  {
    name: `upper/lower case swapped in ${CASE_SWAP_RATE * 100}% of letters`,
    attack: (text, random) =>
      text.replace(/[a-zA-Z]/g, (c) =>
        random() < CASE_SWAP_RATE ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c,
      ),
  },
  {
    name: `words split by a space (${SPLIT_WORD_RATE * 100}% of words of four or more letters)`,
    attack: (text, random) =>
      text.replace(/\b[a-zA-Z]{4,}\b/g, (word) => {
        if (random() >= SPLIT_WORD_RATE) return word;
        const at = 1 + Math.floor(random() * (word.length - 1));
        return `${word.slice(0, at)} ${word.slice(at)}`;
      }),
  },
  {
    name: 'articles deleted (every a, an and the)',
    attack: (text) => text.replace(/\b(?:a|an|the) /gi, ''),
  },
];

const isAi = test.map((i) => set.binary[i] === 1);
const logOddsUnder = (attack: Attack) => {
  const random = seededRandom(SEED);
  return test.map((i) => {
    const attacked = attack((texts[i] as LabelledText).text, random);
    return documentLogOdds(detector, detector.score(attacked)).logOdds;
  });
};
const clean = logOddsUnder((text) => text);
// The threshold that flags 1% of the clean human texts; the attacks are read at it.
const threshold = thresholdForFalsePositiveRate(
  clean.filter((_, k) => !isAi[k]),
  0.01,
);
const results = attacks.map(({ name, attack }) => {
  const logOdds = logOddsUnder(attack);
  const share = (wanted: boolean) =>
    logOdds.filter((l, k) => isAi[k] === wanted && l >= threshold).length / isAi.filter((a) => a === wanted).length;
  const row = { name, auroc: auroc(logOdds, isAi), detected: share(true), falsePositives: share(false) };
  console.info(`  ${name}: AUROC ${row.auroc.toFixed(3)}`);
  return row;
});

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
writeResult(
  'detector-attacks',
  `# AI detector: attacks

A detector trained without fold ${TEST_FOLD} of ${FOLDS} (its language models too) checks that fold's
${test.length.toLocaleString('en-US')} texts (${test.filter((i) => set.binary[i] === 1).length.toLocaleString('en-US')}
AI) as they are and attacked. Every text is attacked, human ones too, as a tool would; letters are picked with a
seeded generator (seed ${SEED}). The detector reads the canonical text: invisible characters dropped, look-alike letters
read as the Latin ones they imitate (\`packages/engines/writing/src/canonical-text.ts\`); that undoes the first two
attacks. Its language model reads an unknown word as the common word one edit away and joins a split word when one
fragment is unknown, which undoes most misspellings and split words; case swaps and deleted articles stay. "At the threshold" is the score that flags 1% of the clean human texts of the fold.

${machineTable(machine())}
| attack | AUROC | AI detected at the threshold | human texts flagged at the threshold |
|---|---|---|---|
${results.map((r) => `| ${r.name} | ${r.auroc.toFixed(3)} | ${percent(r.detected)} | ${percent(r.falsePositives)} |`).join('\n')}
`,
);
