// AI and humanized-text detectors: the held-out evaluations of the training script (leave one generator out, leave one
// domain out, out of fold), without writing a model. Reads ../shared/datasets/text; takes about ten minutes.
import path from 'node:path';
import { loadDatasets } from '../packages/engines/ai-detect/training/dataset.js';
import { evaluateDetectors } from '../packages/engines/ai-detect/training/evaluate.js';
import { accuracyResult } from '../packages/engines/ai-detect/training/report.js';
import { machine, machineTable, writeResult } from './lib.mjs';

const datasetsDir = process.env.DATASETS_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/text');
const evaluation = evaluateDetectors(loadDatasets(datasetsDir), (line) => console.info(line));
writeResult('detector-accuracy', accuracyResult(evaluation, machineTable(machine())));
