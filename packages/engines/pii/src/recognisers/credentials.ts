// API keys and secrets (known prefixes, or high entropy next to a secret cue), JSON Web Tokens and passwords.
import { shannonEntropy } from '../checksums.js';
import { cueEvidence, findCue } from '../context.js';
import { isDictionaryWord } from '../gazetteers.js';
import type { Recogniser } from '../types.js';

/** Formats vendors document for their keys; a match is a secret whatever surrounds it. */
const KNOWN_TOKENS: readonly [RegExp, string][] = [
  [/\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g, 'AWS access key ID'],
  [/\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, 'GitHub token'],
  [/\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g, 'GitHub fine-grained token'],
  [/\bglpat-[A-Za-z0-9_-]{20,}\b/g, 'GitLab token'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, 'Slack token'],
  [/https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]{20,}/g, 'Slack webhook'],
  [/\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}\b/g, 'Stripe key'],
  [/\bwhsec_[A-Za-z0-9]{20,}\b/g, 'Stripe webhook secret'],
  [/\bAIza[0-9A-Za-z_-]{35}(?![\w-])/g, 'Google API key'],
  [/\bya29\.[0-9A-Za-z_-]{20,}/g, 'Google OAuth token'],
  [/\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}(?![\w-])/g, 'OpenAI / Anthropic key'],
  [/\bhf_[A-Za-z0-9]{30,}\b/g, 'Hugging Face token'],
  [/\bnpm_[A-Za-z0-9]{36}\b/g, 'npm token'],
  [/\bpypi-[A-Za-z0-9_-]{50,}/g, 'PyPI token'],
  [/\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![\w-])/g, 'SendGrid key'],
  [/\b(?:AC|SK)[0-9a-f]{32}\b/g, 'Twilio SID/key'],
  [/\bkey-[0-9a-f]{32}\b/g, 'Mailgun key'],
  [/\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}\b/g, 'Square token'],
  [/\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g, 'Shopify token'],
  [/\bdop_v1_[a-f0-9]{64}\b/g, 'DigitalOcean token'],
  [
    /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]{16,8192}?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
    'private key block',
  ],
];

const SECRET_CUES =
  /(?:^|[^a-z])(?:api ?key|apikey|api ?secret|api ?token|secret|secrets|access ?key|access ?token|refresh ?token|auth ?token|authorization|auth|bearer|token|tokens|client ?secret|private ?key|credential|credentials|key|keys|signing key|webhook secret|session ?id|sessionid|cookie|license key|accountkey|sas|passkey|app ?key)(?![a-z])/g;
const NOT_SECRET_CUES =
  /\b(?:commit|sha|sha1|sha256|md5|hash|checksum|digest|revision|uuid|guid|id|order|tracking|request id|trace|build)\b/g;
const TOKEN_SHAPE = /(?<![A-Za-z0-9_\-+/=.])[A-Za-z0-9_\-+/=.~]{16,512}/g;
const AUTH_HEADER = /\b(?:Bearer|Basic|Token|Digest)\s+([A-Za-z0-9._~+/-]{12,}=*)/g;

function looksLikeSecret(token: string): { entropy: number; classes: number } | null {
  if (!/\d/.test(token) || !/[A-Za-z]/.test(token)) return null;
  if (/^\d[\d.]*$/.test(token) || token.includes('..')) return null;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[_\-+/=.~]/].filter((r) => r.test(token)).length;
  return { entropy: shannonEntropy(token), classes };
}

export const tokenRecogniser: Recogniser = {
  types: ['AUTH_TOKEN'],
  find(text, out) {
    for (const [pattern, name] of KNOWN_TOKENS) {
      for (const match of text.matchAll(pattern)) {
        out.push({
          start: match.index,
          end: match.index + match[0].length,
          type: 'AUTH_TOKEN',
          score: 0.97,
          evidence: [`known format: ${name}`],
        });
      }
    }
    for (const match of text.matchAll(AUTH_HEADER)) {
      const value = match[1] ?? '';
      const start = match.index + match[0].length - value.length;
      out.push({
        start,
        end: start + value.length,
        type: 'AUTH_TOKEN',
        score: 0.92,
        evidence: [`Authorization scheme "${match[0].split(/\s/)[0]}"`],
      });
    }
    for (const match of text.matchAll(TOKEN_SHAPE)) {
      let token = match[0].replace(/[.]+$/, '');
      let offset = 0;
      // "NAME=value": base64 has '=' only as padding, so an '=' inside ends a key name.
      const assignment = /^[A-Za-z_][\w.-]*=+(?=[^=])/.exec(token);
      if (assignment) {
        offset = assignment[0].length;
        token = token.slice(offset);
      }
      if (token.length < 16) continue;
      if (token.startsWith('eyJ') && token.split('.').length === 3) continue;
      const shape = looksLikeSecret(token);
      if (!shape) continue;
      const start = match.index + offset;
      const end = start + token.length;
      const hexOnly = /^[0-9a-fA-F-]+$/.test(token);
      const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(token);
      const cue = findCue(text, start, end, SECRET_CUES, 40, 0);
      const against = findCue(text, start, end, NOT_SECRET_CUES, 24, 0);
      const evidence = [`entropy ${shape.entropy.toFixed(1)} bits/char`];
      let score: number;
      if (cue && (!against || cue.weight >= against.weight)) {
        // Next to a secret cue even a UUID or a hex string is a secret.
        score = 0.6 + 0.35 * cue.weight - (shape.entropy < 3 ? 0.2 : 0);
        evidence.push(cueEvidence(cue));
      } else if (!hexOnly && !uuid && token.length >= 24 && shape.entropy >= 4.2 && shape.classes >= 3) {
        score = against ? 0.2 : 0.45;
        evidence.push('high entropy, mixed characters');
      } else continue;
      out.push({ start, end, type: 'AUTH_TOKEN', score, evidence });
    }
  },
};

const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

function decodesToJson(part: string): boolean {
  try {
    const json = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof json === 'object' && json !== null;
  } catch {
    return false;
  }
}

export const jwtRecogniser: Recogniser = {
  types: ['JSON_WEB_TOKEN'],
  find(text, out) {
    if (!text.includes('eyJ')) return;
    for (const match of text.matchAll(JWT)) {
      const [header = '', payload = ''] = match[0].split('.');
      const valid = decodesToJson(header) && decodesToJson(payload);
      out.push({
        start: match.index,
        end: match.index + match[0].length,
        type: 'JSON_WEB_TOKEN',
        score: valid ? 0.98 : 0.7,
        evidence: [valid ? 'header and payload decode to JSON' : 'JWT shape'],
      });
    }
  },
};

const PASSWORD_CUE =
  /(?<![A-Za-z])(?:password|passwort|passwd|pwd|pass ?phrase|passcode|pass|pw|mot de passe|contraseña|senha)(?![A-Za-z])/gi;
const PASSWORD_SEPARATOR =
  /["']?\s*(?:(:=|=>|->|[:=])|\s(is|was|is now|will be|should be|set to|changed to|reset to|updated to|to|of))\s*["'`]?/y;
const NOT_PASSWORDS = new Set(
  (
    'is was the a an for to of and or in on at by with reset manager managers policy policies field required expired ' +
    'protected changed change strength hint please here below above same it my your our their his her this that will ' +
    'must should has have been not nothing none empty null undefined n/a na incorrect wrong invalid correct forgotten ' +
    'forgot sent link email again too and/or also be being you we they i me us them when if then else new old ' +
    'temporary default yet still'
  ).split(' '),
);

export const passwordRecogniser: Recogniser = {
  types: ['PASSWORD'],
  find(text, out) {
    for (const cue of text.matchAll(PASSWORD_CUE)) {
      const word = cue[0].toLowerCase();
      PASSWORD_SEPARATOR.lastIndex = cue.index + cue[0].length;
      const separator = PASSWORD_SEPARATOR.exec(text);
      if (!separator) continue;
      const symbol = separator[1];
      if (!symbol && word === 'pass') continue;
      let start = cue.index + cue[0].length + separator[0].length;
      const quote = /["'`]$/.test(separator[0]) ? separator[0].slice(-1) : null;
      let end = start;
      if (quote) {
        const close = text.indexOf(quote, start);
        if (close < 0 || close - start > 128 || text.slice(start, close).includes('\n')) continue;
        end = close;
      } else {
        while (end < text.length && end - start < 128 && !/[\s"'`,;<>]/.test(text[end] as string)) end++;
        while (end > start && /[.,:)\]}]/.test(text[end - 1] as string)) end--;
      }
      // A leading bracket or "<" belongs to the prose, not the password.
      while (start < end && /[([<]/.test(text[start] as string)) start++;
      const value = text.slice(start, end);
      if (value.length < 3 || NOT_PASSWORDS.has(value.toLowerCase()) || /^[*•●x#]+$/i.test(value)) continue;
      const evidence = [`cue "${cue[0]}${symbol ?? ` ${separator[2]}`}"`];
      let score = symbol ? 0.88 : 0.72;
      const plainWord = /^[a-z]+$/i.test(value) && isDictionaryWord(value);
      if (plainWord) {
        score -= symbol ? 0.2 : 0.3;
        evidence.push('value is a dictionary word');
      } else if (/\d/.test(value) || /[^A-Za-z0-9]/.test(value)) {
        score += 0.08;
        evidence.push('digits or symbols');
      }
      out.push({ start, end, type: 'PASSWORD', score, evidence });
    }
  },
};

export const credentialRecognisers: readonly Recogniser[] = [tokenRecogniser, jwtRecogniser, passwordRecogniser];
