// Consistent pseudonyms: the same value gets the same token ([PERSON_NAME_1]) throughout a document or chat.
import { type PiiEntityType, piiEntityTypes } from './catalogue.js';

export type PseudonymEntries = Record<string, { type: PiiEntityType; value: string }>;

export interface Pseudonymizer {
  tokenFor(type: PiiEntityType, value: string): string;
  entries(): PseudonymEntries;
}

/** Types whose values are numbers people write with or without spaces, dashes and brackets. */
const NUMBER_LIKE = new Set<PiiEntityType>([
  'PHONE_NUMBER',
  'POSTAL_CODE',
  'CREDIT_CARD_NUMBER',
  'IBAN_CODE',
  'SWIFT_CODE',
  'US_BANK_ROUTING_MICR',
  'US_SOCIAL_SECURITY_NUMBER',
  'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER',
  'US_PASSPORT',
  'US_DRIVERS_LICENSE_NUMBER',
  'UK_NATIONAL_INSURANCE_NUMBER',
  'UK_NATIONAL_HEALTH_SERVICE_NUMBER',
  'CANADA_SOCIAL_INSURANCE_NUMBER',
  'INDIA_AADHAAR_INDIVIDUAL',
  'INDIA_PAN_INDIVIDUAL',
  'MEDICAL_RECORD_NUMBER',
  'MAC_ADDRESS',
]);
/** Secrets are compared exactly: case matters in a key or a password. */
const EXACT = new Set<PiiEntityType>(['AUTH_TOKEN', 'JSON_WEB_TOKEN', 'PASSWORD', 'CRYPTO_WALLET']);

/** The form two mentions of one value share: case and spacing folded, separators dropped from numbers. */
export function normaliseValue(type: PiiEntityType, value: string): string {
  if (EXACT.has(type)) return value.trim();
  if (NUMBER_LIKE.has(type)) return value.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const TOKEN = new RegExp(`\\[(${piiEntityTypes.join('|')})_(\\d+)\\]`, 'g');

export function createPseudonymizer(initial: PseudonymEntries = {}): Pseudonymizer {
  const entries: PseudonymEntries = {};
  const byValue = new Map<string, string>();
  const counters = new Map<PiiEntityType, number>();
  for (const [token, entry] of Object.entries(initial)) {
    entries[token] = { ...entry };
    const key = `${entry.type}\u0000${normaliseValue(entry.type, entry.value)}`;
    if (!byValue.has(key)) byValue.set(key, token);
    TOKEN.lastIndex = 0;
    const match = TOKEN.exec(token);
    TOKEN.lastIndex = 0;
    if (match && match[1] === entry.type) {
      counters.set(entry.type, Math.max(counters.get(entry.type) ?? 0, Number(match[2])));
    }
  }
  return {
    tokenFor(type, value) {
      const key = `${type}\u0000${normaliseValue(type, value)}`;
      const known = byValue.get(key);
      if (known) return known;
      let n = (counters.get(type) ?? 0) + 1;
      // Skip numbers an initial entry of another shape already uses.
      while (entries[`[${type}_${n}]`]) n++;
      counters.set(type, n);
      const token = `[${type}_${n}]`;
      entries[token] = { type, value };
      byValue.set(key, token);
      return token;
    },
    entries() {
      return Object.fromEntries(Object.entries(entries).map(([token, entry]) => [token, { ...entry }]));
    },
  };
}

/** Puts the values back in place of their tokens; unknown tokens stay as they are. Spans are in the restored text. */
export function restorePseudonyms(
  text: string,
  entries: PseudonymEntries,
): { text: string; spans: Array<{ start: number; end: number; token: string; type: PiiEntityType }> } {
  const spans: Array<{ start: number; end: number; token: string; type: PiiEntityType }> = [];
  let restored = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const entry = entries[match[0]];
    if (!entry) continue;
    restored += text.slice(last, match.index);
    spans.push({
      start: restored.length,
      end: restored.length + entry.value.length,
      token: match[0],
      type: entry.type,
    });
    restored += entry.value;
    last = match.index + match[0].length;
  }
  restored += text.slice(last);
  return { text: restored, spans };
}
