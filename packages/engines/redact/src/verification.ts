import { NeedleSet, quoteList } from './text-search.js';
import type { Verification, VerificationCheck } from './types.js';

/**
 * The checks run on a written file. Each one says what it looked at and, when it fails, which redacted strings it
 * found there, so the outcome shown to the user is evidence rather than a green tick.
 */

/** Strings this short are looked for in extracted text only: in binary data, three letters match by chance. */
export const MIN_RAW_NEEDLE = 3;

export function verification(checks: VerificationCheck[]): Verification {
  return { passed: checks.every((check) => check.passed), checks };
}

export function rawNeedles(strings: string[]): NeedleSet {
  return new NeedleSet(strings.filter((value) => value.replace(/\s+/g, '').length >= MIN_RAW_NEEDLE));
}

/** A check that passes when none of the strings was found; `where` names what was searched. */
export function searchCheck(name: string, found: string[], where: string, searched: number): VerificationCheck {
  if (found.length > 0) {
    return { name, passed: false, detail: `Found ${quoteList(found)} in ${where}.` };
  }
  // Distinct values, not redactions: a name redacted twice is searched for once.
  const what = searched === 1 ? 'the redacted value' : `any of the ${searched} distinct redacted values`;
  return { name, passed: true, detail: `${capitalise(where)}: no trace of ${what}.` };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
const utf16 = (bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', offset: number) => {
  const length = Math.floor((bytes.length - offset) / 2) * 2;
  return new TextDecoder(encoding).decode(bytes.subarray(offset, offset + length));
};

/**
 * The ways a string can sit in binary data: as single bytes (ASCII, Latin-1, UTF-8's ASCII part), and, when `deep`,
 * as UTF-16 at either byte alignment and inside PDF hex strings (`<004A006F…>`, how text layers often store it).
 */
export function textViews(bytes: Uint8Array, deep: boolean): string[] {
  const single = latin1(bytes);
  const views = [single, new TextDecoder().decode(bytes)];
  if (!deep) return views;
  for (const encoding of ['utf-16be', 'utf-16le'] as const) {
    views.push(utf16(bytes, encoding, 0), utf16(bytes, encoding, 1));
  }
  const hexStrings = Array.from(single.matchAll(/<([0-9A-Fa-f\s]{4,})>/g), (match) =>
    Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'hex'),
  );
  if (hexStrings.length > 0) {
    const joined = new Uint8Array(Buffer.concat(hexStrings));
    views.push(latin1(joined), utf16(joined, 'utf-16be', 0));
  }
  return views;
}

/** The needles found in any view of `bytes`. */
export function foundInBytes(needles: NeedleSet, bytes: Uint8Array, deep: boolean): string[] {
  const found = new Set<string>();
  for (const view of textViews(bytes, deep)) for (const needle of needles.foundIn(view)) found.add(needle);
  return [...found];
}
