// Payment cards, IBANs, SWIFT/BIC codes, ABA routing numbers and crypto wallets.
import {
  abaRoutingValid,
  base58CheckVersion,
  bech32Variant,
  IBAN_LENGTHS,
  ibanValid,
  luhnValid,
} from '../checksums.js';
import { cueEvidence, findCue, notPiiCue, withCue } from '../context.js';
import { COUNTRY_CODES, isDictionaryWord } from '../gazetteers.js';
import type { Recogniser } from '../types.js';

const CARD_CUES =
  /\b(?:card|cards|credit|debit|visa|master ?card|amex|american express|discover|diners|jcb|unionpay|maestro|cc|ccn|pan|payment|pay|paid|cardholder|charged?|billing|checkout)\b/g;

/** Issuer prefixes (IIN) and the lengths each brand issues. */
function cardBrand(digits: string): string | null {
  const n = digits.length;
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  const p6 = Number(digits.slice(0, 6));
  if (digits[0] === '4' && (n === 13 || n === 16 || n === 19)) return 'Visa';
  if (((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) && n === 16) return 'Mastercard';
  if ((p2 === 34 || p2 === 37) && n === 15) return 'American Express';
  if ((p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649) || (p6 >= 622126 && p6 <= 622925)) && n >= 16)
    return 'Discover';
  if (p4 >= 3528 && p4 <= 3589 && n >= 16) return 'JCB';
  if (((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) && n >= 14) return 'Diners Club';
  if (p2 === 62 && n >= 16) return 'UnionPay';
  if ((p2 === 50 || (p2 >= 56 && p2 <= 69)) && n >= 12) return 'Maestro';
  return null;
}

// Runs of digits in groups separated by one space or hyphen; a card is the longest leading run of groups that makes
// 13–19 digits (an expiry date or CVC may follow after a space).
const DIGIT_GROUPS = /(?<![\w-]|\d[ -])\d{3,19}(?:[ -]\d{1,19}){0,7}(?![\w])/g;

/** The card number at the start of a run of digit groups: [length in characters, digits], or null. */
function leadingCard(raw: string): [number, string] | null {
  const separators = raw.match(/[ -]/g);
  if (!separators) return raw.length >= 13 && raw.length <= 19 ? [raw.length, raw] : null;
  const separator = separators[0];
  let digits = '';
  let length = 0;
  let best: [number, string] | null = null;
  for (const group of raw.split(/([ -])/)) {
    if (group === ' ' || group === '-') {
      if (group !== separator) break;
      length += 1;
      continue;
    }
    if (digits.length === 0 && group.length > 6 && group.length < 13) return null;
    if (digits.length > 0 && (group.length < 3 || group.length > 6)) break;
    digits += group;
    length += group.length;
    if (digits.length > 19) break;
    if (digits.length >= 13 && luhnValid(digits)) best = [length, digits];
  }
  return best;
}

export const cardRecogniser: Recogniser = {
  types: ['CREDIT_CARD_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(DIGIT_GROUPS)) {
      if (match[0].length < 13) continue;
      const card = leadingCard(match[0]);
      if (!card) continue;
      const [length, digits] = card;
      if (/^(\d)\1+$/.test(digits)) continue;
      const brand = cardBrand(digits);
      const start = match.index;
      const end = start + length;
      const evidence = ['Luhn checksum'];
      let score = 0.4;
      if (brand) {
        score = 0.8;
        evidence.push(`issuer prefix: ${brand}`);
      }
      const cue = findCue(text, start, end, CARD_CUES);
      if (cue) evidence.push(cueEvidence(cue));
      // Without a known issuer prefix one number in ten passes Luhn: a cue helps, but only so far.
      score = withCue(score, brand ? 0.99 : 0.8, cue);
      const against = cue ? null : notPiiCue(text, start);
      if (against) {
        score -= 0.3 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      out.push({ start, end, type: 'CREDIT_CARD_NUMBER', score, evidence });
    }
  },
};

// Groups may be split by a space or, where a document wrapped the line, a line break (PDF text often does).
const IBAN = /\b[A-Z]{2}\d{2}(?:(?: |[ \t]?\r?\n)?[A-Z0-9]){11,30}/g;
const IBAN_CUES = /\b(?:iban|account|acct|bank|transfer|wire|sepa|beneficiary|pay|payment)\b/g;

export const ibanRecogniser: Recogniser = {
  types: ['IBAN_CODE'],
  find(text, out) {
    for (const match of text.matchAll(IBAN)) {
      const raw = match[0];
      const expected = IBAN_LENGTHS[raw.slice(0, 2)];
      if (expected === undefined) continue;
      // Take exactly the country's length of characters: text after the IBAN may be more capitals and digits.
      let taken = 0;
      let endOffset = 0;
      for (let i = 0; i < raw.length && taken < expected; i++) {
        if (!/\s/.test(raw[i] as string)) taken++;
        endOffset = i + 1;
      }
      if (taken !== expected) continue;
      const next = raw[endOffset];
      if (next !== undefined && !/\s/.test(next)) continue;
      const compact = raw.slice(0, endOffset).replace(/\s/g, '');
      if (!ibanValid(compact)) continue;
      const start = match.index;
      const end = start + endOffset;
      const cue = findCue(text, start, end, IBAN_CUES);
      const evidence = ['mod-97 check', `length for ${raw.slice(0, 2)}`];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'IBAN_CODE', score: withCue(0.92, 0.99, cue), evidence });
    }
  },
};

const SWIFT = /\b[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?\b/g;
const SWIFT_CUES = /\b(?:swift|bic|bank identifier|bank code|routing code|wire|bank|beneficiary|correspondent)\b/g;

export const swiftRecogniser: Recogniser = {
  types: ['SWIFT_CODE'],
  find(text, out) {
    for (const match of text.matchAll(SWIFT)) {
      const code = match[0];
      if (!COUNTRY_CODES.has(code.slice(4, 6))) continue;
      const start = match.index;
      const end = start + code.length;
      const hasDigit = /\d/.test(code);
      // An all-letter code may be a shouted word ("DOCUMENT"); a digit in the location or branch is BIC-like.
      if (!hasDigit && isDictionaryWord(code.toLowerCase())) continue;
      const evidence = [`country code ${code.slice(4, 6)}`];
      let score = hasDigit ? 0.55 : 0.35;
      if (code.length === 11 && code.endsWith('XXX')) {
        score += 0.15;
        evidence.push('primary-office branch XXX');
      }
      const cue = findCue(text, start, end, SWIFT_CUES);
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'SWIFT_CODE', score: withCue(score, 0.97, cue), evidence });
    }
  },
};

const NINE_DIGITS = /(?<![\w.,-])\d{9}(?![\w]|[.,]\d)/g;
const ROUTING_CUES = /\b(?:routing|aba|rtn|transit|micr|wire|ach|direct deposit|bank)\b/g;

export const routingRecogniser: Recogniser = {
  types: ['US_BANK_ROUTING_MICR'],
  find(text, out) {
    for (const match of text.matchAll(NINE_DIGITS)) {
      const start = match.index;
      const end = start + 9;
      const digits = match[0];
      if (!abaRoutingValid(digits)) continue;
      const cue = findCue(text, start, end, ROUTING_CUES);
      const evidence = ['ABA checksum'];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'US_BANK_ROUTING_MICR', score: withCue(0.25, 0.97, cue), evidence });
    }
  },
};

const BASE58_ADDRESS = /(?<![A-Za-z0-9])[13LMD][1-9A-HJ-NP-Za-km-z]{25,34}(?![A-Za-z0-9])/g;
const BECH32_ADDRESS = /(?<![A-Za-z0-9])(?:bc|tb|ltc|BC|TB|LTC)1[02-9ac-hj-np-zAC-HJ-NP-Z]{6,87}(?![A-Za-z0-9])/g;
const ETH_ADDRESS = /(?<![A-Za-z0-9])0x[0-9a-fA-F]{40}(?![A-Za-z0-9])/g;
const WALLET_CUES =
  /\b(?:wallet|bitcoin|btc|eth|ether|ethereum|crypto|usdt|usdc|erc-?20|metamask|ledger|send|deposit|address|litecoin|ltc|doge|dogecoin)\b/g;
const BASE58_VERSIONS: Readonly<Record<number, string>> = {
  0: 'Bitcoin P2PKH',
  5: 'Bitcoin P2SH',
  48: 'Litecoin',
  50: 'Litecoin P2SH',
  30: 'Dogecoin',
};

export const cryptoRecogniser: Recogniser = {
  types: ['CRYPTO_WALLET'],
  find(text, out) {
    for (const match of text.matchAll(BASE58_ADDRESS)) {
      const version = base58CheckVersion(match[0]);
      if (version === null || BASE58_VERSIONS[version] === undefined) continue;
      out.push({
        start: match.index,
        end: match.index + match[0].length,
        type: 'CRYPTO_WALLET',
        score: 0.97,
        evidence: ['base58check', BASE58_VERSIONS[version]],
      });
    }
    for (const match of text.matchAll(BECH32_ADDRESS)) {
      const variant = bech32Variant(match[0]);
      if (!variant) continue;
      out.push({
        start: match.index,
        end: match.index + match[0].length,
        type: 'CRYPTO_WALLET',
        score: 0.97,
        evidence: [`${variant} checksum`],
      });
    }
    for (const match of text.matchAll(ETH_ADDRESS)) {
      const start = match.index;
      const end = start + match[0].length;
      const cue = findCue(text, start, end, WALLET_CUES);
      const evidence = ['0x + 40 hex digits (Ethereum)'];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'CRYPTO_WALLET', score: withCue(0.65, 0.95, cue), evidence });
    }
  },
};

export const financialRecognisers: readonly Recogniser[] = [
  cardRecogniser,
  ibanRecogniser,
  swiftRecogniser,
  routingRecogniser,
  cryptoRecogniser,
];
