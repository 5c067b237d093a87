// Phone numbers; street addresses and postal codes live in addresses.ts.
import { cueEvidence, findCue, notPiiCue, withCue } from '../context.js';
import type { Recogniser } from '../types.js';
import { addressRecogniser, postalCodeRecogniser } from './addresses.js';

const PHONE_SHAPE =
  /(?<![\w+/.:,=-]|\d[ .-])(?:\+|00)?\(?\d[\d ().-]{5,22}\d(?![\w]|[.-]\d)(?:\s?(?:x|ext\.?|extension)\s?\d{1,5}\b)?/g;
const PHONE_CUES =
  /\b(?:phone|phones|tel|telephone|mobile|mob|cell|cellphone|call|calling|called|ring|fax|contact|reach|reachable|text|texting|sms|whatsapp|signal|telegram|hotline|helpline|dial|ph|landline|extension|ext|voicemail|direct line|switchboard|mobile no|phone no|cell no|telefon|telefono|teléfono|téléphone|tél|tlf|handy|mobil|mobiel|móvil|movil|cellulare|celular|portable|gsm|kom|komórka|puh|puhelin|numéro|numero|número|nummer|bel|appelez|llama|chiama|ligue|anrufen)(?![\p{L}])|電話|☎|📞/gu;
const NANP = /^(?:\+?1[ .-]?)?(?:\(([2-9]\d\d)\)|([2-9]\d\d))[ .-]?[2-9]\d\d[ .-]?\d{4}$/;
const DATE_LIKE = /^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}[./-]\d{4})$/;
const IP_LIKE = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Score of a phone-shaped string before context, with the reason; null when it cannot be a phone number. */
function phoneShape(raw: string): [number, string] | null {
  const main = raw.replace(/\s?(?:x|ext\.?|extension)\s?\d{1,5}$/, '');
  const digits = main.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  if (/\s{2}|\.\s|\s\.|\.\.|--|-\s|\s-|\(\s|\s\)/.test(main)) return null;
  if (DATE_LIKE.test(main) || IP_LIKE.test(main)) return null;
  const open = main.split('(').length - 1;
  const close = main.split(')').length - 1;
  if (open !== close || open > 1 || (open === 1 && !/\(\d{1,5}\)/.test(main))) return null;
  const international = /^(?:\+|00)/.test(main);
  const groups = main
    .replace(/^(?:\+|00)/, '')
    .split(/[ ().-]+/)
    .filter(Boolean);
  if (groups.length > 6) return null;
  // A one-digit group is a country code, the NANP trunk prefix, (after a country code) a mobile or area prefix, or
  // (last, in international format) a direct-dial suffix ("+43 1 58858 0", "+49 211 55 66 77-0").
  const last = groups.length - 1;
  if (
    groups.some(
      (g, i) =>
        g.length === 1 &&
        !(
          (i === 0 && (international || g === '1')) ||
          (i === 1 && international) ||
          (i === last && international && i > 2)
        ),
    )
  ) {
    return null;
  }
  if (!international && groups.length === 2 && main.includes('.')) return null;
  const separated = groups.length > 1;
  if (NANP.test(main)) {
    if (!separated) return [0.35, 'ten digits, NANP ranges'];
    return [main.includes('(') ? 0.85 : 0.75, 'NANP format'];
  }
  if (international) {
    if (/^00/.test(main) && (/^000/.test(main) || !separated)) return null;
    return digits.length >= 8 ? [0.8, 'international format'] : null;
  }
  if (!separated) return [0.2, 'digits only'];
  if (/^0\d/.test(digits) && digits.length >= 9 && digits.length <= 12) return [0.65, 'national trunk prefix 0'];
  if (digits.length === 7 && groups.length === 2 && groups[0]?.length === 3) return [0.5, 'local 3-4 format'];
  return [0.45, 'grouped digits'];
}

const isGrouped = (raw: string) => /\d[ ().-]+\d/.test(raw) || raw.startsWith('+');

export const phoneRecogniser: Recogniser = {
  types: ['PHONE_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(PHONE_SHAPE)) {
      let raw = match[0];
      let start = match.index;
      // The shape may take an opening bracket of the prose ("(1-800-…)"): keep brackets balanced.
      if (raw.startsWith('(') && !/^\(\d{1,5}\)/.test(raw)) {
        raw = raw.slice(1);
        start++;
      }
      while (raw.endsWith(')') && raw.split('(').length < raw.split(')').length) raw = raw.slice(0, -1);
      const shape = phoneShape(raw);
      if (!shape) continue;
      const [base, reason] = shape;
      const end = start + raw.length;
      const evidence = [reason];
      const cue = findCue(text, start, end, PHONE_CUES);
      if (cue) evidence.push(cueEvidence(cue));
      // Digits alone are a phone number only by context, and a weaker one than an identifier's own cue.
      let score = withCue(base, isGrouped(raw) ? 0.97 : 0.8, cue);
      const against = notPiiCue(text, start);
      if (against && (!cue || against.weight > cue.weight)) {
        score -= 0.4 * against.weight;
        evidence.push(`reference context: "${against.words}"`);
      }
      out.push({ start, end, type: 'PHONE_NUMBER', score, evidence });
    }
  },
};

export { addressRecogniser, postalCodeRecogniser };

export const contactRecognisers: readonly Recogniser[] = [phoneRecogniser, addressRecogniser, postalCodeRecogniser];
