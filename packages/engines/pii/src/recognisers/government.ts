// National identifiers (US, UK, Canada, India) and medical record numbers.

import type { PiiEntityType } from '../catalogue.js';
import { luhnValid, nhsValid, verhoeffValid } from '../checksums.js';
import { type Cue, cueEvidence, findCue, nearCues, notPiiCue, withCue } from '../context.js';
import type { Candidate, Recogniser } from '../types.js';

const SSN_CUES = /\b(?:ssn|ssns|social security|social sec|soc sec|ss#|ss no|ss number|ssa)\b/g;
const ITIN_CUES = /\b(?:itin|itins|taxpayer|tax id|tax identification|tin|irs|w-7|tax)\b/g;
const PASSPORT_CUES = /\b(?:passport|passports|pass no|travel document)\b/g;
const LICENCE_CUES =
  /\b(?:driver'?s?|drivers|driving|dl|d\/l|dln|licen[cs]e (?:no|number|#|id)|licen[cs]e)\b|\bdmv\b|\bdl#/g;
const NINO_CUES = /\b(?:national insurance|ni number|ni no|nino|nin|ni)\b/g;
const NHS_CUES = /\b(?:nhs|national health service|health service|chi number)\b/g;
const SIN_CUES = /\b(?:sin|social insurance|numéro d'assurance sociale|nas)\b/g;
const AADHAAR_CUES = /\b(?:aadhaar|aadhar|adhaar|uidai|uid|enrolment|enrollment|vid)\b/g;
const PAN_CUES = /\b(?:pan|permanent account|income tax|pan card)\b/g;
const MRN_CUES =
  /\b(?:mrn|mrns|medical record|medical records|med rec|patient id|patient number|patient no|patient #|chart|chart number|hospital number|hospital no|record number|record no|health record|mr#|mr no|ehr|emr|case number|admission)\b/g;

/** Pushes a candidate whose score a cue raises; the evidence lists what was seen. */
function push(
  out: Candidate[],
  type: PiiEntityType,
  start: number,
  end: number,
  base: number,
  max: number,
  cue: Cue | null,
  evidence: string[],
) {
  if (cue) evidence.push(cueEvidence(cue));
  out.push({ start, end, type, score: withCue(base, max, cue), evidence });
}

/** Lowers a score when a reference word ("order", "invoice") stands just before and no identity cue does. */
function penalise(text: string, start: number, candidate: Candidate) {
  const against = notPiiCue(text, start);
  if (!against) return;
  candidate.score -= 0.35 * against.weight;
  candidate.evidence.push(`reference context: "${against.words}"`);
}

// 3-2-4 digits with one consistent separator (or none).
const SSN_SHAPE = /(?<![\w-]|\d[ -])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\w]|-\d)/g;

function ssnValid(area: string, group: string, serial: string) {
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

function itinValid(area: string, group: string) {
  const g = Number(group);
  return area[0] === '9' && ((g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || g >= 94);
}

export const ssnRecogniser: Recogniser = {
  types: ['US_SOCIAL_SECURITY_NUMBER', 'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(SSN_SHAPE)) {
      const [raw, area = '', separator = '', group = '', serial = ''] = match;
      const start = match.index;
      const end = start + raw.length;
      const dashed = separator === '-';
      const base = dashed ? 0.75 : separator === ' ' ? 0.45 : 0.15;
      if (ssnValid(area, group, serial)) {
        const evidence = [dashed ? 'format 3-2-4' : separator ? 'format 3 2 4' : 'nine digits', 'valid SSN ranges'];
        push(out, 'US_SOCIAL_SECURITY_NUMBER', start, end, base, 0.97, findCue(text, start, end, SSN_CUES), evidence);
        penalise(text, start, out[out.length - 1] as Candidate);
      } else if (itinValid(area, group)) {
        const evidence = [dashed ? 'format 9XX-XX-XXXX' : 'nine digits', 'ITIN group range'];
        const cue = findCue(text, start, end, ITIN_CUES) ?? findCue(text, start, end, SSN_CUES);
        push(out, 'US_INDIVIDUAL_TAXPAYER_IDENTIFICATION_NUMBER', start, end, base + 0.05, 0.97, cue, evidence);
        penalise(text, start, out[out.length - 1] as Candidate);
      }
    }
  },
};

// US passports: nine digits, or one letter and eight digits (next-generation books).
const PASSPORT_SHAPE = /(?<![\w-])[A-Z]?\d{8,9}(?![\w-])/g;

export const passportRecogniser: Recogniser = {
  types: ['US_PASSPORT'],
  find(text, out) {
    for (const match of nearCues(text, /passport|pass no|travel doc/gi, PASSPORT_SHAPE)) {
      const raw = match.text;
      if (/^\d{8}$/.test(raw) || /^[A-Z]\d{9}$/.test(raw)) continue;
      const start = match.index;
      const end = start + raw.length;
      const cue = findCue(text, start, end, PASSPORT_CUES);
      if (!cue) continue;
      push(out, 'US_PASSPORT', start, end, 0.3, 0.92, cue, [
        raw.length === 9 && /^\d/.test(raw) ? 'nine digits' : 'letter + eight digits',
      ]);
    }
  },
};

// State formats vary (CA A1234567, FL A123-456-78-901-0, NY 9 digits, …): a shape plus a licence cue.
const LICENCE_SHAPE =
  /(?<![\w-])(?:[A-Z]{1,2}[- ]?\d{4,14}|\d{7,12}|[A-Z]\d{3}-\d{3}-\d{2}-\d{3}-\d|[A-Z]\d{2}-\d{2}-\d{4}|[A-Z]{3}-\d{2}-\d{4}|\d{3}-\d{3}-\d{3}|[A-Z]\d{3}-\d{4}-\d{4}|[A-Z]-\d{3}-\d{3}-\d{3}-\d{3}|\d{2}-\d{3}-\d{4}|[A-Z]\d{7}[A-Z]?)(?![\w-])/g;

export const licenceRecogniser: Recogniser = {
  types: ['US_DRIVERS_LICENSE_NUMBER'],
  find(text, out) {
    for (const match of nearCues(text, /licen[cs]e|driv|\bDL|\bD\/L\b|\bDMV\b/gi, LICENCE_SHAPE, 16, 48)) {
      const start = match.index;
      const end = start + match.text.length;
      const cue = findCue(text, start, end, LICENCE_CUES, 48, 16);
      if (!cue) continue;
      push(out, 'US_DRIVERS_LICENSE_NUMBER', start, end, 0.3, 0.9, cue, ['licence number shape']);
    }
  },
};

// Two prefix letters (no D F I Q U V first, no D F I O Q U V second, not BG GB NK KN TN NT ZZ), six digits, A–D.
const NINO_SHAPE = /\b([A-Z]{2}) ?(\d{2}) ?(\d{2}) ?(\d{2}) ?([A-D])\b/g;
const NINO_FIRST = /[ABCEGHJKLMNOPRSTWXYZ]/;
const NINO_SECOND = /[ABCEGHJKLMNPRSTWXYZ]/;
const NINO_NEVER = new Set(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ']);

export const ninoRecogniser: Recogniser = {
  types: ['UK_NATIONAL_INSURANCE_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(NINO_SHAPE)) {
      const prefix = match[1] ?? '';
      const raw = match[0];
      const start = match.index;
      const end = start + raw.length;
      const cue = findCue(text, start, end, NINO_CUES);
      // QQ is HMRC's specimen prefix: not issued, but it is what forms and examples show.
      const issued = NINO_FIRST.test(prefix[0] ?? '') && NINO_SECOND.test(prefix[1] ?? '') && !NINO_NEVER.has(prefix);
      if (!issued && prefix !== 'QQ') continue;
      push(out, 'UK_NATIONAL_INSURANCE_NUMBER', start, end, issued ? 0.8 : 0.6, 0.97, cue, [
        issued ? 'NINO prefix and suffix rules' : 'specimen prefix QQ',
      ]);
    }
  },
};

// 3-3-4 digits (the NHS's own grouping) or ten in a row.
const TEN_DIGITS = /(?<![\w-]|\d[ -])\d{3}([ -]?)\d{3}\1\d{4}(?![\w]|[ -]\d)/g;

export const nhsRecogniser: Recogniser = {
  types: ['UK_NATIONAL_HEALTH_SERVICE_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(TEN_DIGITS)) {
      const raw = match[0];
      const digits = raw.replace(/\D/g, '');
      if (!nhsValid(digits)) continue;
      const start = match.index;
      const end = start + raw.length;
      const grouped = raw.length > 10;
      const cue = findCue(text, start, end, NHS_CUES);
      push(out, 'UK_NATIONAL_HEALTH_SERVICE_NUMBER', start, end, grouped ? 0.45 : 0.3, 0.98, cue, [
        'NHS mod-11 check digit',
      ]);
      penalise(text, start, out[out.length - 1] as Candidate);
    }
  },
};

const NINE_GROUPED = /(?<![\w-]|\d[ -])\d{3}([ -]?)\d{3}\1\d{3}(?![\w]|[ -]\d)/g;

export const sinRecogniser: Recogniser = {
  types: ['CANADA_SOCIAL_INSURANCE_NUMBER'],
  find(text, out) {
    for (const match of text.matchAll(NINE_GROUPED)) {
      const raw = match[0];
      const digits = raw.replace(/\D/g, '');
      // 0 and 8 are not issued, but 046 454 286 is the specimen everyone copies.
      if (digits[0] === '8' || !luhnValid(digits)) continue;
      const start = match.index;
      const end = start + raw.length;
      const cue = findCue(text, start, end, SIN_CUES);
      const base = (raw.length > 9 ? 0.5 : 0.2) - (digits[0] === '0' ? 0.1 : 0);
      push(out, 'CANADA_SOCIAL_INSURANCE_NUMBER', start, end, base, 0.97, cue, ['Luhn checksum']);
      penalise(text, start, out[out.length - 1] as Candidate);
    }
  },
};

const TWELVE_DIGITS = /(?<![\w-]|\d[ -])[2-9]\d{3}([ -]?)\d{4}\1\d{4}(?![\w]|[ -]\d)/g;

export const aadhaarRecogniser: Recogniser = {
  types: ['INDIA_AADHAAR_INDIVIDUAL'],
  find(text, out) {
    for (const match of text.matchAll(TWELVE_DIGITS)) {
      const raw = match[0];
      const digits = raw.replace(/\D/g, '');
      if (!verhoeffValid(digits)) continue;
      const start = match.index;
      const end = start + raw.length;
      const cue = findCue(text, start, end, AADHAAR_CUES);
      push(out, 'INDIA_AADHAAR_INDIVIDUAL', start, end, raw.length > 12 ? 0.65 : 0.4, 0.98, cue, [
        'Verhoeff check digit',
      ]);
      penalise(text, start, out[out.length - 1] as Candidate);
    }
  },
};

// Five letters (the fourth P for an individual), four digits, a letter.
const PAN_SHAPE = /\b[A-Z]{3}P[A-Z]\d{4}[A-Z]\b/g;

export const panRecogniser: Recogniser = {
  types: ['INDIA_PAN_INDIVIDUAL'],
  find(text, out) {
    for (const match of text.matchAll(PAN_SHAPE)) {
      const start = match.index;
      const end = start + match[0].length;
      push(out, 'INDIA_PAN_INDIVIDUAL', start, end, 0.75, 0.97, findCue(text, start, end, PAN_CUES), [
        'PAN format, holder type P',
      ]);
    }
  },
};

const MRN_SHAPE = /(?<![\w-])(?:[A-Z]{1,4}[-#]?)?\d{4,12}(?:-\d{1,4})?(?![\w-])/g;

export const mrnRecogniser: Recogniser = {
  types: ['MEDICAL_RECORD_NUMBER'],
  find(text, out) {
    for (const match of nearCues(
      text,
      /mrn|medical|patient|chart|hospital|record|\bMR\b|ehr|emr|admission|case n/gi,
      MRN_SHAPE,
      12,
      40,
    )) {
      const start = match.index;
      const end = start + match.text.length;
      const cue = findCue(text, start, end, MRN_CUES, 40, 12);
      if (!cue) continue;
      push(out, 'MEDICAL_RECORD_NUMBER', start, end, 0.3, 0.9, cue, ['record number shape']);
    }
  },
};

export const governmentRecognisers: readonly Recogniser[] = [
  ssnRecogniser,
  passportRecogniser,
  licenceRecogniser,
  ninoRecogniser,
  nhsRecogniser,
  sinRecogniser,
  aadhaarRecogniser,
  panRecogniser,
  mrnRecogniser,
];
