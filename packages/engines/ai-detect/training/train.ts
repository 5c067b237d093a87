// `npm run train:detectors`: reads ../shared/datasets/text, evaluates the method on held-out splits, trains the
// committed model (packages/engines/ai-detect/model/detectors.json) on all of the data and writes the model cards
// (docs/models/ai-detect.md, docs/models/humanized-detect.md). Deterministic: folds come from hashes of each text's
// opening, training is full-batch from zero weights, so the same data gives the same file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { machine as benchMachine, machineTable } from '../../../../bench/lib.mjs';
import { documentFingerprint } from '../src/curvature-calibration.js';
import { scaledProbability, scaleFormula } from '../src/detector-model.js';
import { EnglishLanguageModel } from '../src/english-language-model.js';
import { HUMANIZED_SURE_WORDS } from '../src/humanized-verdict.js';
import { committedDetectorModelFile } from '../src/index.js';
import { operatingPointOf, sensitivityLevels } from '../src/sensitivity.js';
import { loadDatasets } from './dataset.js';
import { SPHINX_MODEL_PATH } from './english-model.js';
import { evaluateDetectors } from './evaluate.js';
import {
  buildLanguageModel,
  countsAsAiWriting,
  englishLanguageModel,
  fitDetectorModels,
  MODEL_VERSION,
  quickBoosting,
  trainingSet,
} from './pipeline.js';
import { probabilityDisplayOf } from './probability-scale.js';
import { accuracyResult, accuracyTables, dataSection } from './report.js';
import { CACHE_DIR, scoreCache } from './score-cache.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const datasetsDir = process.env.DATASETS_DIR ?? path.resolve(repoRoot, '../shared/datasets/text');
const modelPath = path.join(repoRoot, 'packages/engines/ai-detect/model/detectors.json');
const pointsPath = path.join(repoRoot, 'packages/engines/ai-detect/model/operating-points.json');
const log = (line: string) => console.info(`${new Date().toISOString().slice(11, 19)} ${line}`);

const quick = process.env.TRAIN_QUICK === '1';
if (quick) quickBoosting();
const started = performance.now();
const texts = loadDatasets(datasetsDir);
log(`Read ${texts.length} texts from ${datasetsDir}`);
// The general-English model is pruned from Debian's Sphinx model, the same on every run: without the package, the
// committed copy is the same tables.
const english = existsSync(SPHINX_MODEL_PATH)
  ? englishLanguageModel()
  : new EnglishLanguageModel(committedDetectorModelFile().englishLanguageModel);
if (!existsSync(SPHINX_MODEL_PATH)) log(`${SPHINX_MODEL_PATH} is missing: reading the general-English model committed`);
const cache = scoreCache(texts, english, log);
// The evaluation is kept, so a failure after it (or a change to the cards) needn't redo it: TRAIN_REUSE_EVALUATION=1.
const evaluationFile = path.join(CACHE_DIR, `evaluation-${MODEL_VERSION}${quick ? '-quick' : ''}.v8`);
const reusedEvaluation = process.env.TRAIN_REUSE_EVALUATION === '1' && existsSync(evaluationFile);
const evaluation: ReturnType<typeof evaluateDetectors> = reusedEvaluation
  ? deserialize(readFileSync(evaluationFile))
  : evaluateDetectors(cache, log, {
      generators: !quick,
      // TRAIN_RESUME=1: each split's results are kept as it finishes, and a rerun of the same code picks up from there.
      ...(process.env.TRAIN_RESUME === '1'
        ? { resumeDir: path.join(CACHE_DIR, `evaluation-parts-${MODEL_VERSION}${quick ? '-quick' : ''}`) }
        : {}),
    });
mkdirSync(CACHE_DIR, { recursive: true });
writeFileSync(evaluationFile, serialize(evaluation));

log('Training the committed model on all texts');
const set = trainingSet(texts);
const fitted = fitDetectorModels(
  set,
  texts.map((_, i) => i),
  cache.split(),
);
const display = probabilityDisplayOf(evaluation.heldOut, set);
const languageModel = buildLanguageModel(texts.filter((t) => t.origin === 'human'));
const aiLanguageModel = buildLanguageModel(texts.filter(countsAsAiWriting));
const file = {
  ...fitted.file,
  languageModel: languageModel.toJSON(),
  aiLanguageModel: aiLanguageModel.toJSON(),
  englishLanguageModel: english.toJSON(),
  probabilityScale: display.aiDetection.scale,
  humanizedProbabilityScale: display.humanized.scale,
  levels: evaluation.levels,
  humanThreshold: evaluation.humanThreshold,
  humanizedLevels: evaluation.humanizedLevels,
  humanizedHumanThreshold: evaluation.humanizedHumanThreshold,
  familiar: evaluation.familiar,
  domain: evaluation.domainClassifier,
};
mkdirSync(path.dirname(modelPath), { recursive: true });
writeFileSync(modelPath, `${JSON.stringify(file)}\n`);
// What each level means in numbers, small enough for the screens to import. The language model's levels are
// `npm run train:curvature --commit`'s: kept as they are (the runtime refuses a calibration whose built-in detector
// changed, so a retrained detector needs that script run again anyway).
const committedPoints = existsSync(pointsPath) ? JSON.parse(readFileSync(pointsPath, 'utf8')) : {};
const points = {
  version: MODEL_VERSION,
  aiDetection: Object.fromEntries(sensitivityLevels.map((level) => [level, operatingPointOf(file.levels, level)])),
  humanized: Object.fromEntries(
    sensitivityLevels.map((level) => [level, operatingPointOf(file.humanizedLevels, level)]),
  ),
  ...(committedPoints.languageModel ? { languageModel: committedPoints.languageModel } : {}),
};
writeFileSync(pointsPath, `${JSON.stringify(points, null, 2)}\n`);
// train:curvature reads the held-out scores of this detector instead of evaluating it again.
mkdirSync(CACHE_DIR, { recursive: true });
writeFileSync(path.join(CACHE_DIR, `held-out-${documentFingerprint({ file })}.v8`), serialize(evaluation.heldOut));
const megabytes = (JSON.stringify(file).length / 1e6).toFixed(1);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
const machine = `${os.cpus()[0]?.model ?? 'CPU'} × ${os.cpus().length}, Node ${process.version}`;
log(`Wrote ${modelPath} (${megabytes} MB) in ${minutes} min`);

const lm = languageModel.toJSON();
const aiLm = aiLanguageModel.toJSON();
const englishFile = file.englishLanguageModel;
const method = `Each text is tokenised into words and sentences (the Writing Analysis tokenizer), then scored by two word
trigram language models (interpolated absolute discounting; n-grams seen at least twice; unigram counts add SUBTLEX-US):
one of **human** writing (${lm.vocabulary.length.toLocaleString('en')} words, ${lm.bigramKeys.length.toLocaleString('en')}
bigrams and ${lm.trigramKeys.length.toLocaleString('en')} trigrams, counted over the human texts) and one of **AI**
writing (${aiLm.bigramKeys.length.toLocaleString('en')} bigrams and ${aiLm.trigramKeys.length.toLocaleString('en')}
trigrams, counted over the AI texts, paraphrased and edited ones included). A third model, of **general English**, is
not counted here: CMU Sphinx's US-English trigram model (Debian's \`pocketsphinx-en-us\`, BSD-2; ${englishFile.vocabulary.length.toLocaleString('en')}
words), pruned by weighted difference to ${englishFile.bigramCount.toLocaleString('en')} bigrams and
${englishFile.trigramCount.toLocaleString('en')} trigrams (docs/adr/0004-general-english-model.md). From the per-word scores come GLTR-style
statistics (log-probability mean and spread, shares of surprising and predictable words, next-word rank buckets,
unseen word pairs), the likelihood ratio of the two models (its mean, spread, share of words the AI model prefers, and
its spread between sentences), the general-English model's view (log-probability mean and spread, shares of very
surprising and very predictable words, how much context helps, unknown words, spread between sentences, and its
difference from each counted model), Binoculars-style ratios (each text's surprise measured against what its own
contexts make expected: the general-English model's analytic curvature — the mean of log p − E[log p] over its
standard deviation, E and the variance exact over the model's whole next-word distribution, from its backoff tables —
the ratio of its surprise to the expected surprise, the expected surprise itself, and the ratios of the three models'
log-likelihoods to each other), burstiness (spread of sentence predictability, sentence-length variation) and
stylometry (punctuation rates, vocabulary variety, word length, contractions, pronouns, lower-case "i", repeated
phrases, function words). Texts are read canonically first: invisible characters dropped, letters of other alphabets
that imitate Latin ones read as those; an unknown lower-case word of four or more letters is read as the
commonest known word one edit away (a typo undone), when that word is seen at least 20 times, and two fragments
with a space slipped between them are read as the word they make, when one fragment is unknown and the word is as
common ("commi ttee" → "committee"; "in to" stays two words). Gradient-boosted trees (softmax loss, depth-3 trees, shrinkage 0.1, class-balanced; 200 rounds for the document's
AI probability, 400 for the source family and the three-way humanized verdict) give those three verdicts, the document's
with each domain's human texts and its AI texts weighed alike (so no kind of writing's mix of the two teaches what that
kind looks like; at balanced it caught 23.6 % of AI texts out of fold instead of 23.0 %, and 32.4 % instead of 24.9 %
on average over left-out generators, while a kind never seen fares worse: 20.8 % of human essays flagged instead of
16.4 %). The AI Detector's document log-odds are the document trees' plus the humanized trees' log-odds that the text
is AI-written, disguised or not (log(P(AI) + P(AI-humanized)) − log P(human)): trained on the same features with the
AI texts split by whether they were disguised, those trees rank plain AI texts differently enough that the sum catches
more of them out of fold (at balanced 25.0 % instead of 23.6 %; AUROC 0.885 instead of 0.871) and a little fewer of a
generator never seen (31.0 % instead of 32.4 % on average; weight 0.5 gave 24.4 % and 31.7 %). A class-balanced logistic
regression gives the AI Detector's sentence scores for highlights (sentences are too short for its trees), while the
Humanized Text Detector reads each sentence with its three-way trees. The evidence the screens show is each feature's
push on the log-odds: for the trees, the change in value along each tree's path credited to the feature split on
(Saabas), the AI Detector's document adding the humanized trees' pushes of each AI class against human weighed by that
class's share of the AI probability; for the AI Detector's sentence model, weight × standardised value.

To keep the language models from flattering the texts they were counted on, training uses **cross-fitting**: texts
are split into five folds by a hash of their opening words (so an AI continuation and its human prompt share a fold),
and each text is scored by language models counted on the other four folds. Leave-one-generator-out counts the AI
model without the held-out generator; leave-one-domain-out counts both without the held-out domain. The committed
language models are counted on all texts.`;

const percentAt99 = Math.round(100 * scaledProbability(file.probabilityScale, Math.log(99)));

const card = (title: string, intro: string, use: string, limits: string) => `# ${title}

_Generated by \`npm run train:detectors\` (packages/engines/ai-detect/training/) on ${machine}; model version
${MODEL_VERSION}; file \`packages/engines/ai-detect/model/detectors.json\` (${megabytes} MB), trained in ${minutes} min${reusedEvaluation ? ' (the held-out evaluation kept from an earlier run of the same version)' : ''}._

${intro}

## Data
${dataSection()}

Splits: five folds by a hash of each text's first eight words (fixed, no random seed needed). Leave-one-generator-out
holds out every text of one generator plus the human texts of fold 0; leave-one-domain-out holds out a whole domain
and retrains the language model without its human texts. The MixSet "ai_revised_human" texts (human writing polished
by an LLM) are left out of training and reported on their own.

## Method
${method}

## How it is used
${use}

## Metrics (held-out data only)
${accuracyTables(evaluation, display)}

## Limits
${limits}
`;

mkdirSync(path.join(repoRoot, 'docs/models'), { recursive: true });
writeFileSync(
  path.join(repoRoot, 'docs/models/ai-detect.md'),
  card(
    'Model card: AI detector (ai-detect)',
    'Estimates the probability that an English text was written by an AI, with a 90% interval, an explicit “uncertain” label, sentence scores for highlighting and the likely source family.',
    `The probability a report shows is the document log-odds L read through a Platt scale fitted on the out-of-fold
scores, human and AI texts weighed alike: ${scaleFormula(file.probabilityScale, 'L')}
(\`probabilityScale\`). The trees' own sigmoid(L) is overconfident: held out, texts it puts at 99% are AI
${percentAt99}% of the time when human and AI texts count alike, so a human text shown at "99% likely AI" and called
uncertain would mislead. The thresholds are shown on the same scale and, the scale being monotone, no verdict moves.
It is calibrated on the kinds of writing the detector was trained on: on a kind it never saw the percentage is
optimistic, which the levels' thresholds, set on left-out kinds, allow for.

The verdict is read at the **sensitivity level** the user picks per run — strict, balanced (the default) or
sensitive — from the point estimate: "ai" when the probability is at or above the level's threshold for the text's
length, "human" below the human threshold (at most 5% of held-out AI texts score under it; never above the level's),
"mixed" when at least a quarter of the words sit in confidently AI sentences and a quarter in confidently human ones
and the interval reaches the threshold, "uncertain" between the two thresholds and under
${fitted.file.minimumWords} words. Each level is defined by the share of human writing it may flag in kinds of writing
the detector was not trained on: at most about 1% (strict), 3% (balanced) and 10% (sensitive) of the human texts of
every domain left out of training in turn, and out of fold (the tables below; the thresholds are in the model file,
\`levels\`). A threshold falls with length (\`√(100/words)\`, chosen per level): a short text's score wanders more.
The 90% interval (the document log-odds ± 1.645 standard errors, the standard error from a jackknife over eight blocks
of sentences with a floor of ${fitted.file.standardErrorAt100Words} at 100 words shrinking with √words) is shown beside
the score, not required to clear the threshold; when it reaches across the threshold the label borders on, the verdict
says the score is close to it. A text outside the range the training texts span (0.5th to 99.5th percentile) on six
features of register and layout — predictability in English at large, words outside a large English vocabulary,
sentence and word length, function words, words in capitals — is flagged as a kind of writing the detector rarely saw.
Reports stored before levels were read against one threshold (at most 1% of left-out domains' human texts above it)
with the whole interval above it: they reopen as strict. The source family is given when the AI probability is at
least 50% and the text is long enough to judge and not labelled human.

**Optional language model.** With SmolLM2-135M fetched (\`npm run models:fetch -- smollm2-135m\`) or another GGUF
model calibrated by \`npm run train:curvature\`, the document probability is a logistic combination of this model's
log-odds and the language model's zero-shot scores (Fast-DetectGPT's analytic curvature, log-likelihood, log-rank,
entropy), with its own thresholds per level; sentence scores and the source family stay this model's. See
docs/ai-detector-local-model.md and bench/results/detector-language-model.md.`,
    `- English only; the screens refuse text with too few English words.
- Small language models (about 1.4 million words of human text and 2.6 million of AI text): they know news, stories,
  Wikipedia, biomedical abstracts, student essays and blogs; other registers (legal, code, poetry, chat) are out of
  domain. The general-English model knows more English but is an n-gram model too, pruned to fit the file; a word
  outside its vocabulary (every number, most names) scores as its rarest word does, and its share is a feature of
  its own.
- What tells AI from human differs by domain, and a domain the detector has never seen can reverse it. Left out of
  training, student essays score 0.30 AUROC: pupils write simple, repetitive, predictable prose, while the AI essays
  use long, rare words; in news, stories and Wikipedia the AI texts are the more predictable ones. Don't use the
  detector on a kind of writing it wasn't trained on without measuring it there first.
- Trained on generators up to GPT-4 and Claude 3; newer models, other decoding settings and deliberate attacks
  (paraphrasers, word spinners' synonyms, deleted articles) lower its scores — see the held-out numbers above, which
  are below the issue's targets. Never use a score alone to accuse a writer.
- Character tricks are undone before scoring and named in the report: invisible characters (zero-width spaces, soft
  hyphens, joiners) are dropped and letters of other alphabets that imitate Latin ones (Cyrillic "а", fullwidth and
  mathematical letters) are read as those (bench/results/detector-attacks.md). A lone lower-case Greek letter ("μ-opioid") stays itself.
- Typos are read as the words they stand for, so letters swapped to get past the detector stop moving its score (AI
  detected at a 1% false-positive threshold under such typos: 22.5%, against 24.4% with none; 10.9% before typos
  were read back, with an earlier model). Pupils' own typos are read the same way, a human signal lost: left out of
  training, human essays cross the threshold 3.2% of the time (5.2% with the model before the general-English one,
  5.0% before typos were read back).
- Words split by a slipped-in space are read whole when one fragment is unknown (under 10% of words split, 15.2% of
  AI texts are still detected at a 1% false-positive threshold, 24.4% with no attack; 9.1% before split words were
  joined, with an earlier model). A split into two
  real words ("con tent") still reads as two words: joining those would also join "a stray" and "of ten".
- Swapped synonyms (a word spinner's, about one word in twenty) are not undone: 14.3% of AI texts are still detected at
  a 1% false-positive threshold (24.4% with no attack), and the humanized verdict calls 30% of them human (16% plain),
  since it learnt "AI-humanized" from fluent paraphrases, not spun text (bench/README.md has the two defences tried).
- Families seen: ${Object.values({ ...Object.fromEntries(fitted.family.classes.map((c) => [c, c])) }).join(', ')}; a
  text from an unseen family is attributed to the nearest seen one.`,
  ),
);
writeFileSync(
  path.join(repoRoot, 'docs/models/humanized-detect.md'),
  card(
    'Model card: humanized-text detector (humanized-detect)',
    'Tells human text, AI text, and AI text passed through a paraphraser or “humanizer” (AI-disguised) apart, with sentence labels and word-level signals.',
    `The probability a report shows that a text is AI-written, disguised or not, is the three-way trees'
log-odds of it, H = log(P(AI) + P(AI-humanized)) − log P(human), read through a Platt scale fitted on the out-of-fold
scores, human and AI texts weighed alike: ${scaleFormula(file.humanizedProbabilityScale, 'H')}
(\`humanizedProbabilityScale\`), split between AI and AI-humanized as the trees split it. The trees' own
probabilities are overconfident, if less than the AI Detector's (the calibration errors are under the metrics below); the
thresholds are set on the trees' own, so the scale, being monotone, moves no verdict. Sentence labels keep the trees'
own probabilities: the scale is fitted on whole texts.

The three-way verdict is read at the sensitivity level the user picks, as the AI Detector's is: a text is
AI-written, disguised or not, when the probability of either (P(AI) + P(AI-humanized)) reaches the level's threshold
for its length — chosen so that at most about 1%, 3% or 10% of the human texts of every left-out domain are flagged —
and then whichever of the two is likelier; otherwise human. It is flagged "uncertain" (a best guess) under
${HUMANIZED_SURE_WORDS} words, when that probability falls between the human threshold (at most 5% of held-out AI texts
below it) and the level's, or for a kind of writing the detector rarely saw. Reports stored before levels took the
likeliest class — looser than sensitive (see the last row of the table below) — and reopen as they were read. Word-level signals (the
underlined "unusual word choices") are judged by the general-English model, not by the two counted ones: those know
1.4 and 2.6 million words and keep only word pairs seen twice, so most pairs they lack are ordinary English they were
too small to see ("working from", "run their business"), and before issue 25 those gaps were underlined. A **broken
collocation** is a pair English doesn't store and finds no likelier together than apart, where a WordNet synonym of
one of its words, about as common or commoner, makes a pair English stores at least e² times likelier than chance and
e³ times more associated ("profound learning" → "deep learning", "bosom cancer" → "breast cancer"), or two words
English stores as a pair at a twentieth of chance or less, in their context too ("the of"). A **surprisal spike** is
a word English gives less than one chance in a million where it stands, between two likely words, and that doesn't
open a set phrase ("artificial" in "artificial intelligence" is none). An **odd word** is rare in the counts and in
English (at most one word in a million) and has a WordNet synonym 20 times commoner. The synonyms are WordNet 3.0's
(Debian \`wordnet-base\`), kept where English knows every word, in \`packages/engines/humanized-detect/model/thesaurus.json\`
(its \`training/thesaurus.ts\` writes it). The thresholds were chosen on one fold of the training texts and measured on
another (bench/results/humanized-evidence.md). The classifiers' features are unchanged.`,
    `- AI-disguised training texts come from two sources only (DIPPER paraphrases of OUTFOX essays, MixSet
  "humanize" rewrites); commercial humanizers behave differently.
- Confident verdicts are wrong more often in some domains than others (the metrics above give each); raising the
  margin helps little where the class probabilities themselves are confidently wrong.
- English only, same language model as the AI detector, same domain limits.
- Word-level signals (bench/results/humanized-evidence.md, a fold held out): 0.95 marks per 100 words of human text
  (10.75 before issue 25) and at least one in 73% of human texts; on AI text with synonyms swapped, 28% of the swapped
  words marked and 71% of the marks on a swapped word. English here is Sphinx's pruned trigram model: pairs it
  doesn't store ("weary eyes", technical terms) can be marked, and a swap WordNet doesn't list, or whose usual phrase
  English doesn't store ("straight relapse" for "linear regression"), is not.
- Synonym-swap paraphrases are seldom called AI-disguised (2% of spun AI texts, as often as unspun ones): the verdict
  learnt that class from fluent paraphrases; the word-level signals point at the swaps, the verdict doesn't yet.`,
  ),
);
writeFileSync(
  path.join(repoRoot, 'bench/results/detector-accuracy.md'),
  accuracyResult(evaluation, machineTable(benchMachine()), display),
);
log('Wrote docs/models/ai-detect.md, docs/models/humanized-detect.md, bench/results/detector-accuracy.md');
