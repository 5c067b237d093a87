/**
 * Gradient-boosted decision trees (softmax loss, one shallow tree per class and round, histogram split search), the
 * classifier behind the document, source-family and humanized verdicts. Trees catch what a linear model can't: AI
 * text is either more predictable than people (chat models) or less (sampled open models), and a feature means
 * different things at different lengths.
 *
 * Written here rather than taken from a library: the npm options are either random forests without boosting
 * (ml-random-forest) or unmaintained WebAssembly builds (ml-xgboost, 2019); training is 150 lines, inference ten, and
 * the per-feature pushes users see (Saabas attributions along each tree's path) need the trees' inner values, which
 * no JS library exposes.
 */
import { softmax } from './linear-model.js';

export interface SerializedTree {
  /** Per node: the feature it splits on, -1 for a leaf. */
  feature: number[];
  /** Values below the threshold go left. */
  threshold: number[];
  left: number[];
  right: number[];
  /** Every node's output (leaves are used for scores, inner nodes for attributions). */
  value: number[];
}

export interface SerializedBoostedTrees {
  kind: 'boosted-trees';
  classes: string[];
  features: string[];
  /** Per class: its prior log-probability, the score before any tree. */
  bias: number[];
  /** rounds[round][class]. */
  rounds: SerializedTree[][];
}

/**
 * Every tree's nodes in flat typed arrays, child indexes made absolute, and each tree's root in round-then-class
 * order: a check scores a text's features some twenty times over (the confidence interval), and walking these is
 * several times faster than walking the parsed JSON's arrays.
 */
interface FlatForest {
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float64Array;
  child: Int32Array;
  value: Float64Array;
}

function flatten(rounds: SerializedTree[][]): FlatForest {
  const trees = rounds.flat();
  const nodes = trees.reduce((n, tree) => n + tree.feature.length, 0);
  const forest = {
    roots: new Int32Array(trees.length),
    feature: new Int32Array(nodes),
    threshold: new Float64Array(nodes),
    // child[2n] is node n's left child, child[2n + 1] its right one.
    child: new Int32Array(2 * nodes),
    value: new Float64Array(nodes),
  };
  let offset = 0;
  trees.forEach((tree, t) => {
    forest.roots[t] = offset;
    for (let node = 0; node < tree.feature.length; node++) {
      const at = offset + node;
      forest.feature[at] = tree.feature[node] as number;
      forest.threshold[at] = tree.threshold[node] as number;
      forest.child[2 * at] = offset + (tree.left[node] as number);
      forest.child[2 * at + 1] = offset + (tree.right[node] as number);
      forest.value[at] = tree.value[node] as number;
    }
    offset += tree.feature.length;
  });
  return forest;
}

export class BoostedTrees {
  readonly #forest: FlatForest;

  constructor(readonly parameters: SerializedBoostedTrees) {
    this.#forest = flatten(parameters.rounds);
  }

  get classes(): string[] {
    return this.parameters.classes;
  }

  /** Raw class scores (log-odds up to a constant). */
  scores(values: ArrayLike<number>): Float64Array {
    const { roots, feature, threshold, child, value } = this.#forest;
    const scores = Float64Array.from(this.parameters.bias);
    const classes = scores.length;
    for (let t = 0; t < roots.length; t++) {
      let node = roots[t] as number;
      for (let f = feature[node] as number; f >= 0; f = feature[node] as number) {
        node = child[2 * node + ((values[f] as number) < (threshold[node] as number) ? 0 : 1)] as number;
      }
      const k = t % classes;
      scores[k] = (scores[k] as number) + (value[node] as number);
    }
    return scores;
  }

  probabilities(values: ArrayLike<number>): Float64Array {
    return softmax(this.scores(values));
  }

  /**
   * How much each feature pushed class `towards` against class `against` (in log-odds): along each tree's path,
   * the change in the node's value is credited to the feature split on. The pushes sum to the score difference minus
   * the prior's.
   */
  contributions(values: ArrayLike<number>, towards: number, against: number): Float64Array {
    const pushes = new Float64Array(this.parameters.features.length);
    for (const round of this.parameters.rounds) {
      attribute(round[towards] as SerializedTree, values, pushes, 1);
      attribute(round[against] as SerializedTree, values, pushes, -1);
    }
    return pushes;
  }
}

function attribute(tree: SerializedTree, values: ArrayLike<number>, pushes: Float64Array, sign: number): void {
  let node = 0;
  while ((tree.feature[node] as number) >= 0) {
    const feature = tree.feature[node] as number;
    const next = (
      (values[feature] as number) < (tree.threshold[node] as number) ? tree.left[node] : tree.right[node]
    ) as number;
    pushes[feature] =
      (pushes[feature] as number) + sign * ((tree.value[next] as number) - (tree.value[node] as number));
    node = next;
  }
}

export interface BoostingOptions {
  rounds: number;
  /** Splits from root to leaf. */
  depth: number;
  /** Shrinkage of each tree's output. */
  rate: number;
  /** Quantile bins per feature for the split search (≤ 255). */
  bins: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** Smallest summed hessian (≈ weighted examples × p(1−p)) a child may have. */
  minChildWeight: number;
  /** Per-example weights, e.g. to balance classes; defaults to 1. */
  sampleWeights?: ArrayLike<number>;
}

/** Fits the trees by second-order boosting on the weighted softmax loss. Deterministic: no sampling. */
export function trainBoostedTrees(
  rows: readonly ArrayLike<number>[],
  labels: readonly number[],
  classes: string[],
  features: string[],
  options: BoostingOptions,
): BoostedTrees {
  const n = rows.length;
  const d = features.length;
  const K = classes.length;
  const { edges, binned } = binRows(rows, d, options.bins);
  const weights = Float64Array.from({ length: n }, (_, i) => options.sampleWeights?.[i] ?? 1);
  let weightTotal = 0;
  for (const w of weights) weightTotal += w;
  // Weights scaled to sum to n, so minChildWeight reads as a number of examples whatever the balancing.
  for (let i = 0; i < n; i++) weights[i] = ((weights[i] as number) * n) / weightTotal;
  const bias = classes.map((_, k) => {
    let share = 0;
    for (let i = 0; i < n; i++) if (labels[i] === k) share += weights[i] as number;
    return round(Math.log(Math.max(share / n, 1e-6)));
  });
  const scores = new Float64Array(n * K);
  for (let i = 0; i < n; i++) for (let k = 0; k < K; k++) scores[i * K + k] = bias[k] as number;
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n);
  const probabilities = new Float64Array(n * K);
  const rounds: SerializedTree[][] = [];
  for (let r = 0; r < options.rounds; r++) {
    for (let i = 0; i < n; i++) {
      const p = softmax(scores.subarray(i * K, i * K + K));
      probabilities.set(p, i * K);
    }
    const trees: SerializedTree[] = [];
    for (let k = 0; k < K; k++) {
      for (let i = 0; i < n; i++) {
        const p = probabilities[i * K + k] as number;
        gradient[i] = (p - (labels[i] === k ? 1 : 0)) * (weights[i] as number);
        hessian[i] = Math.max(p * (1 - p), 1e-6) * (weights[i] as number);
      }
      const { tree, leafOf } = growTree(binned, edges, n, d, gradient, hessian, options);
      trees.push(tree);
      for (let i = 0; i < n; i++)
        scores[i * K + k] = (scores[i * K + k] as number) + (tree.value[leafOf[i] as number] as number);
    }
    rounds.push(trees);
  }
  return new BoostedTrees({ kind: 'boosted-trees', classes, features, bias, rounds });
}

/** Quantile edges per feature, and each value's bin: the number of edges at or below it. */
function binRows(rows: readonly ArrayLike<number>[], d: number, bins: number) {
  const n = rows.length;
  const edges: Float64Array[] = [];
  const binned = new Uint8Array(n * d);
  const column = new Float64Array(n);
  for (let j = 0; j < d; j++) {
    for (let i = 0; i < n; i++) column[i] = (rows[i] as ArrayLike<number>)[j] as number;
    const sorted = Float64Array.from(column).sort();
    const cuts: number[] = [];
    for (let b = 1; b < bins; b++) {
      const value = sorted[Math.floor((b * n) / bins)] as number;
      if (cuts.length === 0 || value > (cuts[cuts.length - 1] as number)) cuts.push(value);
    }
    const featureEdges = Float64Array.from(cuts);
    edges.push(featureEdges);
    for (let i = 0; i < n; i++) {
      const value = column[i] as number;
      let low = 0;
      let high = featureEdges.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((featureEdges[middle] as number) <= value) low = middle + 1;
        else high = middle;
      }
      binned[i * d + j] = low;
    }
  }
  return { edges, binned };
}

/** Grows one tree level by level; returns it and the leaf each training row ends in. */
function growTree(
  binned: Uint8Array,
  edges: readonly Float64Array[],
  n: number,
  d: number,
  gradient: Float64Array,
  hessian: Float64Array,
  options: BoostingOptions,
) {
  const tree: SerializedTree = { feature: [], threshold: [], left: [], right: [], value: [] };
  const splitBin: number[] = [];
  const addNode = () => {
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.value.push(0);
    splitBin.push(0);
    return tree.feature.length - 1;
  };
  addNode();
  const nodeOf = new Int32Array(n);
  const stride = options.bins + 1;
  let frontier = [0];
  for (let depth = 0; ; depth++) {
    const totalGradient = new Float64Array(tree.feature.length);
    const totalHessian = new Float64Array(tree.feature.length);
    for (let i = 0; i < n; i++) {
      const node = nodeOf[i] as number;
      totalGradient[node] = (totalGradient[node] as number) + (gradient[i] as number);
      totalHessian[node] = (totalHessian[node] as number) + (hessian[i] as number);
    }
    for (const node of frontier) {
      tree.value[node] = round(
        (-(totalGradient[node] as number) / ((totalHessian[node] as number) + options.lambda)) * options.rate,
      );
    }
    if (depth === options.depth) break;
    const slot = new Int32Array(tree.feature.length).fill(-1);
    frontier.forEach((node, f) => {
      slot[node] = f;
    });
    const histogramGradient = new Float64Array(frontier.length * d * stride);
    const histogramHessian = new Float64Array(frontier.length * d * stride);
    for (let i = 0; i < n; i++) {
      const f = slot[nodeOf[i] as number] as number;
      if (f < 0) continue;
      const base = f * d * stride;
      const g = gradient[i] as number;
      const h = hessian[i] as number;
      for (let j = 0; j < d; j++) {
        const cell = base + j * stride + (binned[i * d + j] as number);
        histogramGradient[cell] = (histogramGradient[cell] as number) + g;
        histogramHessian[cell] = (histogramHessian[cell] as number) + h;
      }
    }
    const next: number[] = [];
    frontier.forEach((node, f) => {
      const G = totalGradient[node] as number;
      const H = totalHessian[node] as number;
      const parentGain = (G * G) / (H + options.lambda);
      let bestGain = 0;
      let bestFeature = -1;
      let bestBin = -1;
      for (let j = 0; j < d; j++) {
        const base = f * d * stride + j * stride;
        let leftGradient = 0;
        let leftHessian = 0;
        const featureBins = (edges[j] as Float64Array).length;
        for (let b = 0; b < featureBins; b++) {
          leftGradient += histogramGradient[base + b] as number;
          leftHessian += histogramHessian[base + b] as number;
          const rightHessian = H - leftHessian;
          if (leftHessian < options.minChildWeight || rightHessian < options.minChildWeight) continue;
          const rightGradient = G - leftGradient;
          const gain =
            (leftGradient * leftGradient) / (leftHessian + options.lambda) +
            (rightGradient * rightGradient) / (rightHessian + options.lambda) -
            parentGain;
          if (gain > bestGain) {
            bestGain = gain;
            bestFeature = j;
            bestBin = b;
          }
        }
      }
      if (bestFeature < 0) return;
      // Bin b holds values with exactly b edges at or below them: "bin ≤ b" is "value < edges[b]".
      tree.feature[node] = bestFeature;
      tree.threshold[node] = (edges[bestFeature] as Float64Array)[bestBin] as number;
      splitBin[node] = bestBin;
      const left = addNode();
      const right = addNode();
      tree.left[node] = left;
      tree.right[node] = right;
      next.push(left, right);
    });
    if (next.length === 0) break;
    for (let i = 0; i < n; i++) {
      const node = nodeOf[i] as number;
      const feature = tree.feature[node] as number;
      if (feature < 0) continue;
      nodeOf[i] = (
        (binned[i * d + feature] as number) <= (splitBin[node] as number) ? tree.left[node] : tree.right[node]
      ) as number;
    }
    frontier = next;
  }
  return { tree, leafOf: nodeOf };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
