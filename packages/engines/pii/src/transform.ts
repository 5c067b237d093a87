// Redaction styles: redact (█ to the original length), mask (partial, see maskValue), label ([TYPE]), pseudonym.
import type { PiiEntityType, PiiFinding, RedactionStyle } from './catalogue.js';
import { createPseudonymizer, type Pseudonymizer } from './pseudonyms.js';

export interface TransformOptions {
  style: RedactionStyle;
  /** Shared across the texts of one document or chat so a value keeps its token; a fresh one when absent. */
  pseudonyms?: Pseudonymizer;
}

export interface TransformResult {
  text: string;
  /** Offsets in the original text. */
  replacements: Array<{ start: number; end: number; type: PiiEntityType; replacement: string }>;
}

const BULLET = '•';
/** Types whose last four characters people customarily leave visible (receipts, statements, call logs). */
const KEEP_LAST_FOUR = new Set<PiiEntityType>([
  'CREDIT_CARD_NUMBER',
  'IBAN_CODE',
  'US_BANK_ROUTING_MICR',
  'PHONE_NUMBER',
  'US_SOCIAL_SECURITY_NUMBER',
  'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER',
  'INDIA_AADHAAR_INDIVIDUAL',
]);
/** Secrets show nothing, not even their length. */
const SECRETS = new Set<PiiEntityType>(['AUTH_TOKEN', 'JSON_WEB_TOKEN', 'PASSWORD']);
const SECRET_MASK = BULLET.repeat(8);

const ALNUM = /[\p{L}\p{N}]/u;
const maskAlnum = (text: string) => [...text].map((ch) => (ALNUM.test(ch) ? BULLET : ch)).join('');

/**
 * Mask rules: cards, bank and account numbers, phones, SSNs, ITINs and Aadhaar numbers keep their last four letters
 * or digits (`•••• •••• •••• 4242`); e-mail keeps the first letter and the top-level domain (`j•••@•••••.com`);
 * names keep each word's initial (`A•• L•••••••`); URLs keep the scheme; secrets become eight bullets; everything else
 * has every letter and digit bulleted, separators kept (`••/••/••••`).
 */
export function maskValue(type: PiiEntityType, value: string): string {
  if (SECRETS.has(type)) return SECRET_MASK;
  if (KEEP_LAST_FOUR.has(type)) {
    const chars = [...value];
    let keep = 4;
    for (let i = chars.length - 1; i >= 0; i--) {
      const ch = chars[i] as string;
      if (!ALNUM.test(ch)) continue;
      if (keep > 0) keep--;
      else chars[i] = BULLET;
    }
    return chars.join('');
  }
  if (type === 'EMAIL_ADDRESS') {
    const at = value.lastIndexOf('@');
    if (at > 0) {
      const local = value.slice(0, at);
      const domain = value.slice(at + 1);
      const dot = domain.lastIndexOf('.');
      const head = [...local];
      const maskedDomain = dot > 0 ? `${maskAlnum(domain.slice(0, dot))}${domain.slice(dot)}` : maskAlnum(domain);
      return `${head[0] ?? ''}${BULLET.repeat(Math.max(0, head.length - 1))}@${maskedDomain}`;
    }
  }
  if (type === 'PERSON_NAME') {
    return value.replace(/[\p{L}\p{M}]+/gu, (word) => {
      const [first = '', ...rest] = [...word];
      return first + BULLET.repeat(rest.length);
    });
  }
  if (type === 'URL') {
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? '';
    return scheme + maskAlnum(value.slice(scheme.length));
  }
  return maskAlnum(value);
}

export function transformText(
  text: string,
  findings: readonly PiiFinding[],
  options: TransformOptions,
): TransformResult {
  const pseudonyms = options.style === 'pseudonym' ? (options.pseudonyms ?? createPseudonymizer()) : undefined;
  const ordered = [...findings]
    .filter((f) => f.start >= 0 && f.end <= text.length && f.end > f.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const replacements: TransformResult['replacements'] = [];
  let out = '';
  let last = 0;
  for (const finding of ordered) {
    if (finding.start < last) continue;
    const value = text.slice(finding.start, finding.end);
    let replacement: string;
    switch (options.style) {
      case 'redact':
        replacement = '█'.repeat(value.length);
        break;
      case 'mask':
        replacement = maskValue(finding.type, value);
        break;
      case 'label':
        replacement = `[${finding.type}]`;
        break;
      case 'pseudonym':
        replacement = (pseudonyms as Pseudonymizer).tokenFor(finding.type, value);
        break;
    }
    out += text.slice(last, finding.start) + replacement;
    last = finding.end;
    replacements.push({ start: finding.start, end: finding.end, type: finding.type, replacement });
  }
  out += text.slice(last);
  return { text: out, replacements };
}
