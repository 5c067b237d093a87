// AI and humanized-text detectors against the attacks of the RAID benchmark that need no paraphrasing model: a
// detector trained without one fold of ../shared/datasets/text (language models included) checks that fold as it is
// and attacked — human and AI texts alike, as an attacker's tool would. Homoglyphs and zero-width spaces are undone
// by the canonical reading (packages/engines/writing/src/canonical-text.ts); misspellings and split words are read
// back by the detector's language model (packages/engines/ai-detect/src/language-model.ts), most of them; case
// swaps, swapped synonyms and deleted articles are not. About three minutes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { DetectorModel, documentLogOdds } from '@candor/engine-ai-detect';
import { foldOf, type LabelledText, loadDatasets } from '../packages/engines/ai-detect/training/dataset.js';
import { auroc, thresholdForFalsePositiveRate } from '../packages/engines/ai-detect/training/metrics.js';
import {
  buildLanguageModel,
  countsAsAiWriting,
  crossFitScores,
  englishLanguageModel,
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
const SYNONYM_RATE = 0.2;
const DIGIT_SWAP_RATE = 0.5;
const PARAGRAPH_BREAK_RATE = 0.5;

const require = createRequire(import.meta.url);
// Synonyms by part of speech for 12,430 base forms (WordNet-derived, npm `synonyms`), as a word spinner picks them:
// any sense, with no regard for context.
const SYNONYMS: Record<string, Record<string, string[]>> = require('synonyms/dictionary.js');
// 1,714 American spellings with their British forms (npm `american-british-english-translator`).
const BRITISH_SPELLINGS: Record<
  string,
  string
> = require('american-british-english-translator/data/american_spellings.json');
const synonymsOf = (word: string) =>
  [...new Set(Object.values(SYNONYMS[word] ?? {}).flat())].filter((s) => s !== word && /^[a-z]{2,}$/.test(s));
const withCaseOf = (word: string, replacement: string) =>
  word[0] === word[0]?.toUpperCase() ? replacement[0]?.toUpperCase() + replacement.slice(1) : replacement;

const texts = loadDatasets(datasetsDir);
const set = trainingSet(texts);
const rows = texts.map((_, i) => i).filter((i) => set.binary[i] !== undefined);
const inTest = (i: number) => foldOf(texts[i] as LabelledText, FOLDS) === TEST_FOLD;
const train = rows.filter((i) => !inTest(i));
const test = rows.filter(inTest);
console.info(`Training on ${train.length} texts, testing on ${test.length}`);

const fitted = fitDetectorModels(set, train, crossFitScores(texts));
const trainTexts = texts.filter((_, i) => !inTest(i));
const detector = new DetectorModel({
  ...fitted.file,
  languageModel: buildLanguageModel(trainTexts.filter((t) => t.origin === 'human')).toJSON(),
  aiLanguageModel: buildLanguageModel(trainTexts.filter(countsAsAiWriting)).toJSON(),
  englishLanguageModel: englishLanguageModel().toJSON(),
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
    name: `synonyms swapped (${SYNONYM_RATE * 100}% of the words that have one, any sense)`,
    attack: (text, random) =>
      text.replace(/\b[a-z]{3,}\b/g, (word) => {
        const choices = synonymsOf(word);
        if (choices.length === 0 || random() >= SYNONYM_RATE) return word;
        return choices[Math.floor(random() * choices.length)] as string;
      }),
  },
  {
    name: 'British spellings (every American spelling with a British form)',
    attack: (text) =>
      text.replace(/\b[A-Za-z]+\b/g, (word) => {
        const british = BRITISH_SPELLINGS[word.toLowerCase()];
        return british ? withCaseOf(word, british) : word;
      }),
  },
  {
    name: `numbers changed (${DIGIT_SWAP_RATE * 100}% of digits)`,
    attack: (text, random) =>
      text.replace(/\d/g, (digit) => (random() < DIGIT_SWAP_RATE ? String(Math.floor(random() * 10)) : digit)),
  },
  {
    name: `paragraphs inserted (a break after ${PARAGRAPH_BREAK_RATE * 100}% of sentences)`,
    attack: (text, random) =>
      text.replace(/([.!?]) (?=[A-Z])/g, (_, end) => (random() < PARAGRAPH_BREAK_RATE ? `${end}\n\n` : `${end} `)),
  },
  {
    name: 'articles deleted (every a, an and the)',
    attack: (text) => text.replace(/\b(?:a|an|the) /gi, ''),
  },
];

const isAi = test.map((i) => set.binary[i] === 1);
const humanizedClasses = detector.humanized.classes;
/** Each test text attacked, then checked by the AI detector and the humanized-text detector. */
const checkUnder = (attack: Attack) => {
  const random = seededRandom(SEED);
  return test.map((i) => {
    const scored = detector.score(attack((texts[i] as LabelledText).text, random));
    const humanized = detector.humanized.probabilities(detector.features(scored));
    let verdict = 0;
    for (let k = 1; k < humanized.length; k++)
      if ((humanized[k] as number) > (humanized[verdict] as number)) verdict = k;
    return { logOdds: documentLogOdds(detector, scored).logOdds, humanized: humanizedClasses[verdict] as string };
  });
};
const clean = checkUnder((text) => text).map((c) => c.logOdds);
// The threshold that flags 1% of the clean human texts; the attacks are read at it.
const threshold = thresholdForFalsePositiveRate(
  clean.filter((_, k) => !isAi[k]),
  0.01,
);
// The humanized verdicts are read on the fold's human texts and its AI texts that no tool rewrote.
const plainAi = test.map((i) => set.humanized[i] === 1);
const results = attacks.map(({ name, attack }) => {
  const checks = checkUnder(attack);
  const logOdds = checks.map((c) => c.logOdds);
  const share = (wanted: boolean) =>
    logOdds.filter((l, k) => isAi[k] === wanted && l >= threshold).length / isAi.filter((a) => a === wanted).length;
  const verdictShare = (rows: boolean[], verdict: string) =>
    checks.filter((c, k) => rows[k] && c.humanized === verdict).length / rows.filter(Boolean).length;
  const humanRows = isAi.map((ai) => !ai);
  const row = {
    name,
    auroc: auroc(logOdds, isAi),
    detected: share(true),
    falsePositives: share(false),
    aiReadAsHuman: verdictShare(plainAi, 'human'),
    aiReadAsHumanized: verdictShare(plainAi, 'ai_humanized'),
    humanReadAsHumanized: verdictShare(humanRows, 'ai_humanized'),
  };
  console.info(
    `  ${name}: AUROC ${row.auroc.toFixed(3)}, detected ${row.detected.toFixed(3)}; humanized: AI→human ${row.aiReadAsHuman.toFixed(3)}, AI→humanized ${row.aiReadAsHumanized.toFixed(3)}, human→humanized ${row.humanReadAsHumanized.toFixed(3)}`,
  );
  return row;
});

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
writeResult(
  'detector-attacks',
  `# AI detector: attacks

A detector trained without fold ${TEST_FOLD} of ${FOLDS} (its language models too) checks that fold's
${test.length.toLocaleString('en-US')} texts (${test.filter((i) => set.binary[i] === 1).length.toLocaleString('en-US')}
AI) as they are and attacked. Every text is attacked, human ones too, as a tool would; letters and words are picked
with a seeded generator (seed ${SEED}). The detector reads the canonical text: invisible characters dropped, look-alike
letters read as the Latin ones they imitate (\`packages/engines/writing/src/canonical-text.ts\`); that undoes the
homoglyphs and zero-width spaces. Its language model reads an unknown word as the common word one edit away and joins a
split word when one fragment is unknown, which undoes most misspellings and split words. Case swaps, swapped synonyms
and deleted articles stay; British spellings, changed numbers and extra paragraph breaks cost nothing measurable.
Synonyms are swapped as a word spinner swaps them: any sense of the word, with no regard for context (npm
\`synonyms\`, 12,430 WordNet base forms; a fifth of the words it has is about one word in twenty of the texts).
British spellings come from npm \`american-british-english-translator\`.
"At the threshold" is the score that flags 1% of the clean human texts of the fold.

${machineTable(machine())}
| attack | AUROC | AI detected at the threshold | human texts flagged at the threshold |
|---|---|---|---|
${results.map((r) => `| ${r.name} | ${r.auroc.toFixed(3)} | ${percent(r.detected)} | ${percent(r.falsePositives)} |`).join('\n')}

The humanized-text detector's three-way verdict on the same texts (trained on the same folds): how many of the fold's
${plainAi.filter(Boolean).length.toLocaleString('en-US')} AI texts no tool had rewritten it calls human or AI-humanized once attacked, and how many human texts
it calls AI-humanized. It learnt "AI-humanized" from paraphrasers (DIPPER) and LLM rewrites (MixSet), whose text
reads fluently; it does not take a word spinner's or an attacker's edits for humanizing.

| attack | AI called human | AI called AI-humanized | human called AI-humanized |
|---|---|---|---|
${results.map((r) => `| ${r.name} | ${percent(r.aiReadAsHuman)} | ${percent(r.aiReadAsHumanized)} | ${percent(r.humanReadAsHumanized)} |`).join('\n')}
`,
);
