// Runs the recognisers, applies thresholds and resolves overlaps.
import { defaultThresholds, type PiiEntityType, type PiiPolicyId, piiEntityTypes, piiPolicies } from './catalogue.js';
import { clearContextCache } from './context.js';
import { contactRecognisers } from './recognisers/contact.js';
import { credentialRecognisers } from './recognisers/credentials.js';
import { dateRecognisers } from './recognisers/dates.js';
import { financialRecognisers } from './recognisers/financial.js';
import { governmentRecognisers } from './recognisers/government.js';
import { createNameRecogniser } from './recognisers/names.js';
import { networkRecognisers } from './recognisers/network.js';
import type { Candidate, PiiDetection, Recogniser } from './types.js';

export interface DetectOptions {
  /** A named bundle: its entities, each at the policy's threshold. */
  policy?: PiiPolicyId;
  /** Only these entity types (within the policy's, when both are given). */
  entities?: readonly PiiEntityType[];
  /** Per-entity minimum scores; they override the policy's and the defaults. */
  thresholds?: Partial<Record<PiiEntityType, number>>;
  /** Person, place and organisation names (the slowest recogniser); default true. */
  names?: boolean;
}

const patternRecognisers: readonly Recogniser[] = [
  ...networkRecognisers,
  ...credentialRecognisers,
  ...financialRecognisers,
  ...governmentRecognisers,
  ...contactRecognisers,
  ...dateRecognisers,
];
const nameRecogniser = createNameRecogniser();
const nameRecogniserWithoutTagger = createNameRecogniser({ tagger: false });
const NAME_TYPES = new Set<PiiEntityType>(nameRecogniser.types);

/** The entities to look for and the score each needs. */
export function resolveThresholds(options: DetectOptions): Map<PiiEntityType, number> {
  const policy = options.policy ? piiPolicies.find((p) => p.id === options.policy) : undefined;
  if (options.policy && !policy) throw new Error(`Unknown PII policy "${options.policy}"`);
  const base: Partial<Record<PiiEntityType, number>> = policy ? policy.thresholds : defaultThresholds;
  const wanted = new Set<PiiEntityType>(options.entities ?? piiEntityTypes);
  const thresholds = new Map<PiiEntityType, number>();
  for (const type of piiEntityTypes) {
    if (!wanted.has(type)) continue;
    const threshold = options.thresholds?.[type] ?? base[type];
    // An explicit entity list or threshold asks for an entity the policy leaves out.
    const fallback = options.entities?.includes(type) ? defaultThresholds[type] : undefined;
    const value = threshold ?? fallback;
    if (value !== undefined) thresholds.set(type, value);
  }
  return thresholds;
}

/**
 * Drops the candidates of a cluster that lie inside one of its street addresses: an address is one finding made of a
 * street, place names and a postcode, so a place or person name found within it is one of its parts, not a rival
 * reading. Left to compete by score, "London" (or "St. Louis", "Martin Luther King") would beat the address and leave
 * the rest of the street unmasked. Addresses inside addresses still compete by score.
 */
function absorbIntoAddresses(cluster: Candidate[]): Candidate[] {
  const addresses = cluster.filter((c) => c.type === 'STREET_ADDRESS');
  if (addresses.length === 0) return cluster;
  const partOfAddress = (c: Candidate) =>
    c.type !== 'STREET_ADDRESS' && addresses.some((a) => a.start <= c.start && c.end <= a.end);
  return cluster.filter((c) => !partOfAddress(c));
}

/**
 * Keeps the best candidates that do not overlap: higher score first, then the longer span, then the earlier one. A
 * candidate nested in a street address is part of it (see absorbIntoAddresses).
 */
export function resolveOverlaps(candidates: Candidate[]): Candidate[] {
  const byStart = [...candidates].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Candidate[] = [];
  // Candidates that overlap only ever compete within a cluster of chained overlaps: resolve cluster by cluster.
  let cluster: Candidate[] = [];
  let clusterEnd = -1;
  const flush = () => {
    if (cluster.length === 1) kept.push(cluster[0] as Candidate);
    else if (cluster.length > 1) {
      const chosen: Candidate[] = [];
      const ranked = absorbIntoAddresses(cluster).sort(
        (a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start,
      );
      for (const c of ranked) if (!chosen.some((k) => k.start < c.end && c.start < k.end)) chosen.push(c);
      kept.push(...chosen.sort((a, b) => a.start - b.start));
    }
    cluster = [];
  };
  for (const candidate of byStart) {
    if (candidate.start >= clusterEnd) {
      flush();
      clusterEnd = candidate.end;
    } else clusterEnd = Math.max(clusterEnd, candidate.end);
    cluster.push(candidate);
  }
  flush();
  return kept;
}

export function detectPii(text: string, options: DetectOptions = {}): PiiDetection[] {
  return detectPiiWith(text, options, { tagger: true });
}

/** detectPii with switches the benchmarks use to measure what a part adds (not part of the package's API). */
export function detectPiiWith(text: string, options: DetectOptions, internals: { tagger: boolean }): PiiDetection[] {
  const thresholds = resolveThresholds(options);
  if (thresholds.size === 0 || text.length === 0) return [];
  const candidates: Candidate[] = [];
  try {
    for (const recogniser of patternRecognisers) {
      if (recogniser.types.some((type) => thresholds.has(type))) recogniser.find(text, candidates);
    }
    if (options.names !== false && [...NAME_TYPES].some((type) => thresholds.has(type))) {
      (internals.tagger ? nameRecogniser : nameRecogniserWithoutTagger).find(text, candidates);
    }
  } finally {
    clearContextCache();
  }
  const passing = candidates.filter((c) => {
    const threshold = thresholds.get(c.type);
    return threshold !== undefined && c.score >= threshold && c.end > c.start;
  });
  for (const c of passing) c.score = Math.round(Math.max(0, Math.min(1, c.score)) * 1000) / 1000;
  return resolveOverlaps(passing).map(({ start, end, type, score, evidence }) => ({
    start,
    end,
    type,
    score,
    text: text.slice(start, end),
    evidence,
  }));
}
