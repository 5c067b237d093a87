// PII engine accuracy on the labelled corpus of bench/pii-corpus.ts: per-entity precision, recall, F1 and F2, micro
// F2, recall of the checksum-validated entities, precision on hard-negative documents and PERSON_NAME F1; then the
// hand-written international corpus (bench/data/pii-international.txt, and the lines written after the engine was
// tuned, pii-international-fresh.txt): per-entity and per-family recall, micro F2, hard-negative precision.
// Span rule: a prediction is a true positive when its type equals a gold span's and their IoU (shared characters /
// characters in either) is at least 0.5; each gold span matches at most one prediction (best IoU first).
// BENCH_PII_BEFORE=<an older engine's src folder> adds its numbers beside today's (e.g. a `git archive` of a commit).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectPii, type PiiDetection, type PiiEntityType, piiEntityTypes } from '@candor/engine-pii';
import { detectPiiWith } from '../packages/engines/pii/src/detect.js';
import { gazetteerKnows } from '../packages/engines/pii/src/gazetteers.js';
import { machine, machineTable, writeResult } from './lib.mjs';
import { buildPiiCorpus, type CorpusDocument, type GoldSpan } from './pii-corpus.js';
import { handwrittenSamples } from './pii-handwritten.js';
import { internationalCorpus } from './pii-international.js';

const DOCUMENTS = Number(process.env.BENCH_PII_DOCUMENTS ?? 4000);
const SEED = Number(process.env.BENCH_PII_SEED ?? 20261122);
const CHECKSUM_TYPES: readonly PiiEntityType[] = [
  'CREDIT_CARD_NUMBER',
  'IBAN_CODE',
  'US_BANK_ROUTING_MICR',
  'UK_NATIONAL_HEALTH_SERVICE_NUMBER',
  'CANADA_SOCIAL_INSURANCE_NUMBER',
  'INDIA_AADHAAR_INDIVIDUAL',
  'CRYPTO_WALLET',
];
const TARGETS = { checksumRecall: 0.98, microF2: 0.9, hardNegativePrecision: 0.9, personF1: 0.85 };
// Issue 26, on the international corpora: micro F2, every family's recall, precision on the hard negatives.
const INTERNATIONAL_TARGETS = { microF2: 0.95, familyRecall: 0.85, hardNegativePrecision: 0.95 };
const FAMILIES: ReadonlyArray<[string, readonly PiiEntityType[]]> = [
  ['addresses and postcodes', ['STREET_ADDRESS', 'POSTAL_CODE']],
  ['dates and times', ['DATE', 'DATE_OF_BIRTH', 'TIME']],
  ['organisations', ['ORGANIZATION_NAME']],
  ['places', ['LOCATION']],
  ['phone numbers', ['PHONE_NUMBER']],
  ['people', ['PERSON_NAME']],
];
type Detect = (text: string) => PiiDetection[];
const BEFORE_DIR = process.env.BENCH_PII_BEFORE;
const beforeDetect: Detect | null = BEFORE_DIR
  ? ((await import(pathToFileURL(path.resolve(BEFORE_DIR, 'detect.ts')).href)) as { detectPii: Detect }).detectPii
  : null;

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
const iou = (a: { start: number; end: number }, b: { start: number; end: number }) => {
  const shared = Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  return shared / (Math.max(a.end, b.end) - Math.min(a.start, b.start));
};

/** One-to-one matching of predictions to gold spans of the same type, best IoU first. */
function match(gold: readonly GoldSpan[], predicted: readonly PiiDetection[]) {
  const pairs: Array<[number, number, number]> = [];
  gold.forEach((g, gi) => {
    predicted.forEach((p, pi) => {
      if (p.type !== g.type) return;
      const overlap = iou(g, p);
      if (overlap >= 0.5) pairs.push([overlap, gi, pi]);
    });
  });
  pairs.sort((a, b) => b[0] - a[0]);
  const goldHit = new Set<number>();
  const predHit = new Set<number>();
  for (const [, gi, pi] of pairs) {
    if (goldHit.has(gi) || predHit.has(pi)) continue;
    goldHit.add(gi);
    predHit.add(pi);
  }
  return { goldHit, predHit };
}

const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);
const fBeta = (p: number, r: number, beta: number) =>
  p + r === 0 || Number.isNaN(p) || Number.isNaN(r) ? 0 : ((1 + beta * beta) * p * r) / (beta * beta * p + r);
const fmt = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(3));

interface Evaluation {
  perType: Map<PiiEntityType, Counts>;
  micro: Counts;
  hard: Counts;
  checksum: Counts;
  lookalikes: number;
  lookalikesFlagged: number;
  flaggedKinds: Map<string, number>;
  errors: Array<{ doc: string; kind: 'FP' | 'FN'; type: PiiEntityType; text: string; context: string }>;
  /** Documents the engine threw on (counted as finding nothing). */
  thrown: string[];
}

function evaluate(documents: readonly CorpusDocument[], detect: (text: string) => PiiDetection[]): Evaluation {
  const perType = new Map<PiiEntityType, Counts>(piiEntityTypes.map((t) => [t, zero()]));
  const micro = zero();
  const hard = zero();
  const checksum = zero();
  const flaggedKinds = new Map<string, number>();
  const errors: Evaluation['errors'] = [];
  const thrown: string[] = [];
  let lookalikes = 0;
  let lookalikesFlagged = 0;
  for (const doc of documents) {
    let predicted: PiiDetection[];
    try {
      predicted = detect(doc.text);
    } catch (error) {
      // The engine before issue 26 threw on words such as "Constructor" (a lexicon look-up reached Object.prototype).
      thrown.push(`${doc.id}: ${(error as Error).message}`);
      predicted = [];
    }
    const { goldHit, predHit } = match(doc.entities, predicted);
    const context = (s: { start: number; end: number }) =>
      doc.text.slice(Math.max(0, s.start - 30), s.end + 20).replace(/\n/g, '⏎');
    doc.entities.forEach((g, gi) => {
      const c = perType.get(g.type) as Counts;
      const hit = goldHit.has(gi);
      if (hit) c.tp++;
      else {
        c.fn++;
        errors.push({
          doc: doc.id,
          kind: 'FN',
          type: g.type,
          text: doc.text.slice(g.start, g.end),
          context: context(g),
        });
      }
      const value = doc.text.slice(g.start, g.end);
      if (CHECKSUM_TYPES.includes(g.type) && !(g.type === 'CRYPTO_WALLET' && value.startsWith('0x'))) {
        if (hit) checksum.tp++;
        else checksum.fn++;
      }
    });
    predicted.forEach((p, pi) => {
      const c = perType.get(p.type) as Counts;
      if (predHit.has(pi)) {
        if (doc.kind === 'hard-negative') hard.tp++;
        return;
      }
      c.fp++;
      if (doc.kind === 'hard-negative') hard.fp++;
      errors.push({ doc: doc.id, kind: 'FP', type: p.type, text: p.text, context: context(p) });
    });
    for (const l of doc.lookalikes) {
      lookalikes++;
      if (predicted.some((p) => p.start < l.end && p.end > l.start)) {
        lookalikesFlagged++;
        flaggedKinds.set(l.kind, (flaggedKinds.get(l.kind) ?? 0) + 1);
      }
    }
  }
  for (const c of perType.values()) {
    micro.tp += c.tp;
    micro.fp += c.fp;
    micro.fn += c.fn;
  }
  return { perType, micro, hard, checksum, lookalikes, lookalikesFlagged, flaggedKinds, errors, thrown };
}

const corpus = buildPiiCorpus({ seed: SEED, documents: DOCUMENTS, knows: gazetteerKnows });
const goldCount = corpus.documents.reduce((n, d) => n + d.entities.length, 0);
console.info(
  `corpus: ${corpus.documents.length} documents, ${goldCount} gold spans, ${corpus.excluded.length} list entries excluded`,
);

const started = performance.now();
const main = evaluate(corpus.documents, (text) => detectPii(text));
const seconds = (performance.now() - started) / 1000;
const handwrittenDocs: CorpusDocument[] = handwrittenSamples().map((s, i) => ({
  id: `hand-${i}`,
  text: s.text,
  kind: 'positive',
  entities: s.entities,
  lookalikes: [],
}));
const handwritten = evaluate(handwrittenDocs, (text) => detectPii(text));
const noTagger = evaluate(corpus.documents, (text) => detectPiiWith(text, {}, { tagger: false }));
const international = internationalCorpus();
const fresh = internationalCorpus(path.join(import.meta.dirname, 'data', 'pii-international-fresh.txt'));
const intl = evaluate(international, (text) => detectPii(text));
const freshEval = evaluate(fresh, (text) => detectPii(text));
const before = beforeDetect
  ? {
      main: evaluate(corpus.documents, beforeDetect),
      handwritten: evaluate(handwrittenDocs, beforeDetect),
      intl: evaluate(international, beforeDetect),
      fresh: evaluate(fresh, beforeDetect),
    }
  : null;

// Coarse threshold sweep: the same threshold for every entity, to show where each entity's F2 peaks.
const SWEEP = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
const sweep = SWEEP.map((t) => {
  const thresholds = Object.fromEntries(piiEntityTypes.map((type) => [type, t]));
  return evaluate(corpus.documents, (text) => detectPii(text, { thresholds }));
});

const rowOf = (type: string, c: Counts) => {
  const p = ratio(c.tp, c.tp + c.fp);
  const r = ratio(c.tp, c.tp + c.fn);
  return { p, r, f1: fBeta(p, r, 1), f2: fBeta(p, r, 2), support: c.tp + c.fn, type };
};
const countsOf = (e: Evaluation, type: PiiEntityType) => e.perType.get(type) as Counts;
const familyRecall = (e: Evaluation, types: readonly PiiEntityType[]) => {
  const c = zero();
  for (const t of types) {
    c.tp += countsOf(e, t).tp;
    c.fn += countsOf(e, t).fn;
  }
  return { recall: ratio(c.tp, c.tp + c.fn), support: c.tp + c.fn };
};
const hardPrecisionOf = (e: Evaluation) => ratio(e.hard.tp, e.hard.tp + e.hard.fp);

const microRow = rowOf('micro', main.micro);
const person = rowOf('PERSON_NAME', countsOf(main, 'PERSON_NAME'));
const checksumRecall = ratio(main.checksum.tp, main.checksum.tp + main.checksum.fn);
const hardPrecision = hardPrecisionOf(main);
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const was = (now: string, then: string | null) => (then === null ? now : `${now} (${then})`);
const intlMicro = rowOf('micro', intl.micro);
const freshMicro = rowOf('micro', freshEval.micro);
const lowestFamily = (e: Evaluation) => Math.min(...FAMILIES.map(([, types]) => familyRecall(e, types).recall));

let md = `# PII engine: accuracy

\`@candor/engine-pii\` (\`detectPii(text)\`, default thresholds, names on) on three labelled sets:

1. a corpus built in memory by \`bench/pii-corpus.ts\` (seed ${SEED}): ${corpus.documents.length} documents of one to six
   sentences — a PII sentence from varied templates (round-robin over the ${piiEntityTypes.length} entity types), more PII sentences or
   neutral filler, and in every fourth document one to three **hard negatives** (look-alikes that are not PII: order
   and invoice numbers, version strings, ISBN-13s, UUIDs, git SHAs, SHA-256 hashes, phone-shaped part numbers and SKUs,
   IDs that embed dates, tracking numbers, amounts, section numbers, hex colours, coordinates…). Values are generated in
   real-world formats with valid check digits (Luhn, mod-97, Verhoeff, NHS mod-11, ABA, base58check, bech32) where the
   format has one. ${goldCount} gold spans;
2. ${handwrittenDocs.length} hand-written lines (\`bench/pii-handwritten.ts\`) in styles the generator does not use;
3. the **international corpus** (\`bench/data/pii-international.txt\`, issue 26): ${international.length} lines written by hand — addresses in the
   layouts of the UPU's addressing guides for some thirty countries (street before or after the number, units and
   floors, several lines, PO boxes, US military APO/FPO/DPO), postcodes on their own, dates and times in many written
   forms and languages, dates of birth, companies with legal forms and brands in lower case, places in lower case or in
   their own language, phone numbers in E.123 international and national notations — and ${international.filter((d) => d.kind === 'hard-negative').length} **hard-negative**
   lines (version numbers, prices, product codes, sports scores, times tables, ratios, ordinary lower-case words
   that are also places or brands; a few hold one real entity too), where every unlabelled finding is a false
   positive. The engine was tuned
   while this corpus was written, so it is in-sample; \`bench/data/pii-international-fresh.txt\` (${fresh.length} lines) was
   written after the engine was done and not tuned on, as a check of how far that tuning generalises.

**Names in set 1 are disjoint from the engine's gazetteers**: the people, places and organisation stems the generator
draws from are filtered with the engine's own \`gazetteerKnows\`; ${corpus.excluded.length} list entries were dropped for that reason.

**Span rule**: a prediction counts as a true positive when its type equals a gold span's type and their
intersection-over-union (characters) is at least 0.5; each gold span matches at most one prediction, best IoU
first. Everything else predicted is a false positive; every unmatched gold span a false negative.
${before ? `\n**Before / after**: numbers in brackets are the engine at \`${BEFORE_DIR}\` (the commit before issue 26's PII work) on the same sets; it knew neither TIME nor POSTAL_CODE.${[...before.main.thrown, ...before.handwritten.thrown, ...before.intl.thrown, ...before.fresh.thrown].length > 0 ? ` It threw on ${[...before.main.thrown, ...before.handwritten.thrown, ...before.intl.thrown, ...before.fresh.thrown].length} document(s) (${[...before.intl.thrown, ...before.fresh.thrown, ...before.main.thrown].slice(0, 3).join('; ')}), counted as finding nothing.` : ''}\n` : ''}
${machineTable(machine())}
Detection over the generated corpus took ${seconds.toFixed(1)} s on one core.

## Headline

| set | measure | result${before ? ' (before)' : ''} | target | |
|---|---|---|---|---|
| generated | recall, checksum-validated entities (cards, IBAN, ABA routing, NHS, SIN, Aadhaar, base58check/bech32 wallets; ${main.checksum.tp + main.checksum.fn} spans) | ${was(fmt(checksumRecall), before ? fmt(ratio(before.main.checksum.tp, before.main.checksum.tp + before.main.checksum.fn)) : null)} | ≥ ${TARGETS.checksumRecall} | ${met(checksumRecall >= TARGETS.checksumRecall)} |
| generated | micro F2, all entities | ${was(`${fmt(microRow.f2)} (P ${fmt(microRow.p)}, R ${fmt(microRow.r)})`, before ? fmt(rowOf('m', before.main.micro).f2) : null)} | ≥ ${TARGETS.microF2} | ${met(microRow.f2 >= TARGETS.microF2)} |
| generated | precision on hard-negative documents | ${was(`${fmt(hardPrecision)} (${main.hard.fp} false positives)`, before ? fmt(hardPrecisionOf(before.main)) : null)} | ≥ ${TARGETS.hardNegativePrecision} | ${met(hardPrecision >= TARGETS.hardNegativePrecision)} |
| generated | PERSON_NAME F1 | ${was(`${fmt(person.f1)} (P ${fmt(person.p)}, R ${fmt(person.r)})`, before ? fmt(rowOf('p', countsOf(before.main, 'PERSON_NAME')).f1) : null)} | ≥ ${TARGETS.personF1} | ${met(person.f1 >= TARGETS.personF1)} |
| generated | look-alikes overlapped by any finding | ${main.lookalikesFlagged} of ${main.lookalikes} | – | |
| international | micro F2 | ${was(`${fmt(intlMicro.f2)} (P ${fmt(intlMicro.p)}, R ${fmt(intlMicro.r)})`, before ? fmt(rowOf('m', before.intl.micro).f2) : null)} | ≥ ${INTERNATIONAL_TARGETS.microF2} | ${met(intlMicro.f2 >= INTERNATIONAL_TARGETS.microF2)} |
| international | lowest family recall | ${was(fmt(lowestFamily(intl)), before ? fmt(lowestFamily(before.intl)) : null)} | ≥ ${INTERNATIONAL_TARGETS.familyRecall} | ${met(lowestFamily(intl) >= INTERNATIONAL_TARGETS.familyRecall)} |
| international | precision on the hard-negative lines | ${was(`${fmt(hardPrecisionOf(intl))} (${intl.hard.fp} false positives in ${international.filter((d) => d.kind === 'hard-negative').length} lines)`, before ? fmt(hardPrecisionOf(before.intl)) : null)} | ≥ ${INTERNATIONAL_TARGETS.hardNegativePrecision} | ${met(hardPrecisionOf(intl) >= INTERNATIONAL_TARGETS.hardNegativePrecision)} |
| fresh (not tuned on) | micro F2 | ${was(`${fmt(freshMicro.f2)} (P ${fmt(freshMicro.p)}, R ${fmt(freshMicro.r)})`, before ? fmt(rowOf('m', before.fresh.micro).f2) : null)} | ≥ ${INTERNATIONAL_TARGETS.microF2} | ${met(freshMicro.f2 >= INTERNATIONAL_TARGETS.microF2)} |
| fresh (not tuned on) | lowest family recall | ${was(fmt(lowestFamily(freshEval)), before ? fmt(lowestFamily(before.fresh)) : null)} | ≥ ${INTERNATIONAL_TARGETS.familyRecall} | ${met(lowestFamily(freshEval) >= INTERNATIONAL_TARGETS.familyRecall)} |
| fresh (not tuned on) | precision on the hard-negative lines | ${was(`${fmt(hardPrecisionOf(freshEval))} (${freshEval.hard.fp} false positives in ${fresh.filter((d) => d.kind === 'hard-negative').length} lines)`, before ? fmt(hardPrecisionOf(before.fresh)) : null)} | ≥ ${INTERNATIONAL_TARGETS.hardNegativePrecision} | ${met(hardPrecisionOf(freshEval) >= INTERNATIONAL_TARGETS.hardNegativePrecision)} |
| hand-written (set 2) | micro P / R / F2 (${handwritten.micro.tp + handwritten.micro.fn} spans) | ${was(`${fmt(rowOf('h', handwritten.micro).p)} / ${fmt(rowOf('h', handwritten.micro).r)} / ${fmt(rowOf('h', handwritten.micro).f2)}`, before ? fmt(rowOf('h', before.handwritten.micro).f2) : null)} | – | |

Without compromise's tagger (names from shape, context and lexicon only), generated corpus: micro F2 ${fmt(rowOf('m', noTagger.micro).f2)},
PERSON_NAME F1 ${fmt(rowOf('p', countsOf(noTagger, 'PERSON_NAME')).f1)}.

## Recall by family (international corpora)

| family | international: support | recall${before ? ' (before)' : ''} | fresh: support | recall${before ? ' (before)' : ''} |
|---|---|---|---|---|
`;
for (const [family, types] of FAMILIES) {
  const a = familyRecall(intl, types);
  const b = familyRecall(freshEval, types);
  md += `| ${family} | ${a.support} | ${was(fmt(a.recall), before ? fmt(familyRecall(before.intl, types).recall) : null)} | ${b.support} | ${was(fmt(b.recall), before ? fmt(familyRecall(before.fresh, types).recall) : null)} |\n`;
}

const entityTable = (e: Evaluation, then: Evaluation | null, onlyPresent: boolean) => {
  let out = `| entity | support | precision | recall${then ? ' (before)' : ''} | F1 | F2${then ? ' (before)' : ''} |\n|---|---|---|---|---|---|\n`;
  for (const type of piiEntityTypes) {
    const row = rowOf(type, countsOf(e, type));
    const old = then ? rowOf(type, countsOf(then, type)) : null;
    if (onlyPresent && row.support === 0 && countsOf(e, type).fp === 0) continue;
    out += `| ${type} | ${row.support} | ${fmt(row.p)} | ${was(fmt(row.r), old ? fmt(old.r) : null)} | ${fmt(row.f1)} | ${was(fmt(row.f2), old ? fmt(old.f2) : null)} |\n`;
  }
  const micro = rowOf('micro', e.micro);
  const old = then ? rowOf('micro', then.micro) : null;
  out += `| **micro** | ${micro.support} | ${fmt(micro.p)} | ${was(fmt(micro.r), old ? fmt(old.r) : null)} | ${fmt(micro.f1)} | ${was(fmt(micro.f2), old ? fmt(old.f2) : null)} |\n`;
  return out;
};

md += `\n## Per entity, international corpus (in-sample)\n\n${entityTable(intl, before?.intl ?? null, true)}`;
md += `\n## Per entity, fresh international lines (written after tuning)\n\n${entityTable(freshEval, before?.fresh ?? null, true)}`;
md += `\n## Per entity, generated corpus (default thresholds)\n\n${entityTable(main, before?.main ?? null, false)}`;

md += `\n## Look-alikes flagged, by kind (generated corpus)\n\n| kind | flagged |\n|---|---|\n`;
for (const [kind, n] of [...main.flaggedKinds].sort((a, b) => b[1] - a[1])) md += `| ${kind} | ${n} |\n`;
if (main.flaggedKinds.size === 0) md += '| – | 0 |\n';

md += `\n## F2 by threshold (one threshold for every entity, generated corpus)\n\n| entity | ${SWEEP.join(' | ')} |\n|---|${SWEEP.map(() => '---').join('|')}|\n`;
for (const type of piiEntityTypes) {
  md += `| ${type} | ${sweep.map((e) => fmt(rowOf(type, countsOf(e, type)).f2)).join(' | ')} |\n`;
}
md += `| **micro** | ${sweep.map((e) => fmt(rowOf('micro', e.micro).f2)).join(' | ')} |\n`;

const sample = (e: Evaluation, kind: 'FP' | 'FN', perType: number) => {
  const byType = new Map<string, Evaluation['errors']>();
  for (const x of e.errors.filter((y) => y.kind === kind)) {
    const list = byType.get(x.type) ?? [];
    list.push(x);
    byType.set(x.type, list);
  }
  let out = '';
  for (const [type, list] of [...byType].sort((a, b) => b[1].length - a[1].length)) {
    out += `- **${type}** (${list.length}): ${list
      .slice(0, perType)
      .map((x) => `\`${x.text.replace(/`/g, "'").replace(/\n/g, '⏎')}\` in “…${x.context.replace(/`/g, "'")}…”`)
      .join('; ')}\n`;
  }
  return out || '- none\n';
};
md += `\n## Errors\n\n### Fresh international lines: all false negatives\n\n${sample(freshEval, 'FN', 99)}\n### Fresh international lines: all false positives\n\n${sample(freshEval, 'FP', 99)}`;
md += `\n### International corpus: false negatives\n\n${sample(intl, 'FN', 99)}\n### International corpus: false positives\n\n${sample(intl, 'FP', 99)}`;
md += `\n### Generated corpus: false negatives (first four of each type)\n\n${sample(main, 'FN', 4)}\n### Generated corpus: false positives (first four of each type)\n\n${sample(main, 'FP', 4)}`;

writeResult('pii-accuracy', md);
console.info(
  `generated: micro F2 ${fmt(microRow.f2)}, checksum recall ${fmt(checksumRecall)}, hard-negative precision ${fmt(hardPrecision)}, PERSON_NAME F1 ${fmt(person.f1)}`,
);
console.info(
  `international: micro F2 ${fmt(intlMicro.f2)}, lowest family recall ${fmt(lowestFamily(intl))}, hard-negative precision ${fmt(hardPrecisionOf(intl))}; fresh: micro F2 ${fmt(freshMicro.f2)}, lowest family ${fmt(lowestFamily(freshEval))}, hard-negative precision ${fmt(hardPrecisionOf(freshEval))}`,
);
