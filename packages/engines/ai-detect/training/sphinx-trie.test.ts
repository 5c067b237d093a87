import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnglishLanguageModel, SPHINX_MODEL_PATH } from './english-model.js';
import { readSphinxTrie } from './sphinx-trie.js';

const LOG_BASE = Math.log(1.0001);

/** Sets `length` bits at a bit offset, least significant first (the trie's packing on x86). */
function setBits(bytes: Uint8Array, bitOffset: number, length: number, value: number) {
  for (let bit = 0; bit < length; bit++) {
    if (Math.floor(value / 2 ** bit) % 2) {
      const at = bitOffset + bit;
      bytes[at >> 3] = (bytes[at >> 3] as number) | (1 << (at & 7));
    }
  }
}

/**
 * A three-word trie written by hand in Sphinx's layout: "<s> a" and "a b" as bigrams, "<s> a b" as a trigram.
 * Reversed, as Sphinx stores them: under unigram "a" the bigram level holds "<s>"; under "b", "a", and under that
 * bigram the trigram level holds "<s>". Spare slots are counted in the header but left empty after the sentinels,
 * as the en-us file has six bigram slots.
 */
function tinyTrie({ spareBigramSlots = 0, spareTrigramSlots = 0 } = {}): Buffer {
  const words = ['<s>', 'a', 'b'];
  const parts: Buffer[] = [Buffer.from('Trie Language Model', 'latin1'), Buffer.of(3)];
  const u32 = (...values: number[]) => {
    const buffer = Buffer.alloc(4 * values.length);
    values.forEach((value, i) => {
      buffer.writeUInt32LE(value, 4 * i);
    });
    return buffer;
  };
  const trigramSlots = 1 + spareTrigramSlots;
  parts.push(u32(3, 2 + spareBigramSlots, trigramSlots), u32(0));
  // Quantiser tables: bigram probabilities, bigram backoffs, trigram probabilities; codes 5–9 used below.
  const bins = (entries: Record<number, number>) => {
    const buffer = Buffer.alloc(4 * 65536);
    for (const [code, value] of Object.entries(entries)) buffer.writeFloatLE(value, 4 * Number(code));
    return buffer;
  };
  parts.push(bins({ 5: -1000, 6: -2000 }), bins({ 7: -300, 8: -400 }), bins({ 9: -500 }));
  const unigrams = Buffer.alloc(12 * 4);
  [
    [-99000, -100, 0],
    [-12000, -200, 0],
    [-15000, -300, 1],
    [0, 0, 2],
  ].forEach(([prob, backoff, next], i) => {
    unigrams.writeFloatLE(prob as number, 12 * i);
    unigrams.writeFloatLE(backoff as number, 12 * i + 4);
    unigrams.writeUInt32LE(next as number, 12 * i + 8);
  });
  parts.push(unigrams);
  // Word ids take 2 bits (3 words), trigram pointers as many as the header's trigram count needs (1 bit for 1): a
  // bigram is 2 + 16 + 16 + that.
  const pointerBits = Math.floor(Math.log2(trigramSlots)) + 1;
  const bigramBits = 34 + pointerBits;
  const bigrams = new Uint8Array(Math.floor(((3 + spareBigramSlots) * bigramBits + 7) / 8) + 8);
  [
    [0, 7, 5, 0],
    [1, 8, 6, 0],
    [0, 0, 0, 1],
  ].forEach(([word, backoff, probability, next], i) => {
    setBits(bigrams, bigramBits * i, 2, word as number);
    setBits(bigrams, bigramBits * i + 2, 16, backoff as number);
    setBits(bigrams, bigramBits * i + 18, 16, probability as number);
    setBits(bigrams, bigramBits * i + 34, pointerBits, next as number);
  });
  const trigrams = new Uint8Array(Math.floor(((trigramSlots + 1) * 18 + 7) / 8) + 8);
  setBits(trigrams, 0, 2, 0);
  setBits(trigrams, 2, 16, 9);
  const wordBytes = Buffer.from(`${words.join('\0')}\0`, 'utf8');
  parts.push(Buffer.from(bigrams), Buffer.from(trigrams), u32(wordBytes.length), wordBytes);
  return Buffer.concat(parts);
}

describe('readSphinxTrie', () => {
  it('reads the words, and the reversed trie out as forward n-grams in natural logs', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sphinx-')), 'tiny.lm.bin');
    writeFileSync(file, tinyTrie());
    const model = readSphinxTrie(file);
    expect(model.words).toEqual(['<s>', 'a', 'b']);
    expect(Array.from(model.unigramLogProbability, (value) => value / LOG_BASE)).toEqual([-99000, -12000, -15000]);
    expect(Array.from(model.unigramBackoff, (value) => value / LOG_BASE)).toEqual([-100, -200, -300]);
    expect(Array.from(model.bigrams.first)).toEqual([0, 1]);
    expect(Array.from(model.bigrams.second)).toEqual([1, 2]);
    expect(Array.from(model.bigrams.logProbability, (value) => value / LOG_BASE)).toEqual([-1000, -2000]);
    expect(Array.from(model.bigrams.backoff, (value) => value / LOG_BASE)).toEqual([-300, -400]);
    expect([model.trigrams.first[0], model.trigrams.second[0], model.trigrams.third[0]]).toEqual([0, 1, 2]);
    expect((model.trigrams.logProbability[0] as number) / LOG_BASE).toBeCloseTo(-500, 9);
  });

  it('reads only the n-gram slots Sphinx filled, not the spare ones its header counts', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sphinx-')), 'spare.lm.bin');
    writeFileSync(file, tinyTrie({ spareBigramSlots: 6, spareTrigramSlots: 3 }));
    const model = readSphinxTrie(file);
    expect(Array.from(model.bigrams.first)).toEqual([0, 1]);
    expect(Array.from(model.bigrams.second)).toEqual([1, 2]);
    expect(Array.from(model.bigrams.logProbability, (value) => value / LOG_BASE)).toEqual([-1000, -2000]);
    expect([model.trigrams.first.length, model.trigrams.first[0], model.trigrams.third[0]]).toEqual([1, 0, 2]);
  });

  it('refuses a file that is not a Sphinx trie', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sphinx-')), 'not.lm.bin');
    writeFileSync(file, 'ARPA?');
    expect(() => readSphinxTrie(file)).toThrow(/not a Sphinx trie/);
  });

  // Sphinx's own scores for the last word of each, from sphinxbase's Python binding (NGramModel.prob, log base
  // 1.0001), one case for each way the backoff goes; a leading "<s>" is a sentence start.
  const sphinxScores: [string, number][] = [
    ['of the united', -51912], // a trigram
    ['the united states', -1211], // a trigram
    ['green house of', -35932], // no trigram: the bigram "house of" and the backoff of "green house"
    ['old dog is', -32596], // the same, another context weight
    ['zebra quantum the', -46077], // neither: p(the) and the backoff of "quantum"
    ['<s> the', -29219], // a bigram after the sentence start
    ['<s> the cat', -74729], // no trigram after "<s> the": back off with its weight
  ];
  it.skipIf(!existsSync(SPHINX_MODEL_PATH))(
    `scores Debian's en-us model as Sphinx does, unpruned (needs ${SPHINX_MODEL_PATH}: apt-get install pocketsphinx-en-us)`,
    () => {
      const full = buildEnglishLanguageModel({ bigrams: Number.POSITIVE_INFINITY, trigrams: Number.POSITIVE_INFINITY });
      for (const [phrase, expected] of sphinxScores) {
        const all = phrase.split(' ');
        const startsSentence = all[0] === '<s>';
        const words = startsSentence ? all.slice(1) : all;
        const starts = Uint8Array.from(words, (_, i) => (startsSentence && i === 0 ? 1 : 0));
        const score = full.score(words, starts).logProbability.at(-1) as number;
        // Sphinx truncates to whole units; the model file rounds each of up to three terms to 0.01.
        expect(Math.abs(score / LOG_BASE - expected), phrase).toBeLessThan(1 + (3 * 0.005) / LOG_BASE);
      }
    },
    120_000,
  );
});
