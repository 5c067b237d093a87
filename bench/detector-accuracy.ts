// AI and humanized-text detectors: the held-out evaluations of the training script (leave one generator out, leave one
// domain out, out of fold; per sensitivity level), without writing a model. Reads ../shared/datasets/text; language-model
// scores are kept in .cache/detectors/ (about two hours on two busy cores the first time, minutes after).
import path from 'node:path';
import { EnglishLanguageModel } from '../packages/engines/ai-detect/src/english-language-model.js';
import { committedDetectorModelFile } from '../packages/engines/ai-detect/src/index.js';
import { loadDatasets } from '../packages/engines/ai-detect/training/dataset.js';
import { evaluateDetectors } from '../packages/engines/ai-detect/training/evaluate.js';
import { trainingSet } from '../packages/engines/ai-detect/training/pipeline.js';
import { probabilityDisplayOf } from '../packages/engines/ai-detect/training/probability-scale.js';
import { accuracyResult } from '../packages/engines/ai-detect/training/report.js';
import { scoreCache } from '../packages/engines/ai-detect/training/score-cache.js';
import { machine, machineTable, writeResult } from './lib.mjs';

const datasetsDir = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/text');
const log = (line: string) => console.info(line);
const english = new EnglishLanguageModel(committedDetectorModelFile().englishLanguageModel);
const texts = loadDatasets(datasetsDir);
const evaluation = evaluateDetectors(scoreCache(texts, english, log), log);
const display = probabilityDisplayOf(evaluation.heldOut, trainingSet(texts));
writeResult('detector-accuracy', accuracyResult(evaluation, machineTable(machine()), display));
