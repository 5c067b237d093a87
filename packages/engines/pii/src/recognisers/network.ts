// E-mail addresses, URLs, IP and MAC addresses.
import { isIPv6 } from 'node:net';
import { cueEvidence, findCue, withCue } from '../context.js';
import type { Recogniser } from '../types.js';

const EMAIL_LOCAL = /[A-Za-z0-9._%+'’-]/;
const EMAIL_DOMAIN =
  /(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])/y;

export const emailRecogniser: Recogniser = {
  types: ['EMAIL_ADDRESS'],
  find(text, out) {
    // Anchored on each '@': expanding left is cheaper than trying a regex at every letter of the text.
    for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
      let start = at;
      while (start > 0 && at - start < 64 && EMAIL_LOCAL.test(text[start - 1] as string)) start--;
      while (start < at && /[.'’-]/.test(text[start] as string)) start++;
      if (start === at || text[at - 1] === '.') continue;
      // user@host right after "scheme://" is a URL's user part, not an address.
      if (/[a-z]:\/\/[^\s@/]*$/i.test(text.slice(Math.max(0, start - 40), start))) continue;
      EMAIL_DOMAIN.lastIndex = at + 1;
      const domain = EMAIL_DOMAIN.exec(text);
      if (!domain) continue;
      const end = at + 1 + domain[0].length;
      out.push({ start, end, type: 'EMAIL_ADDRESS', score: 0.97, evidence: ['local@domain.tld'] });
    }
  },
};

// Any scheme (https, ftp, postgres, redis, s3…), or a host starting with www.: anchored on "://" and "www." (literals
// the regex engine finds fast), the scheme read back from there.
const URL_ANCHOR = /:\/\/|\bwww\.(?=[A-Za-z0-9-]+\.)/gi;
const SCHEME_BEFORE = /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,15}$/;
const URL_REST = /[^\s<>"'`{}|\\^]+/y;
const TLDS =
  'com|org|net|edu|gov|mil|int|io|co|uk|us|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|pl|ru|cn|jp|kr|in|au|ca|br|mx|nz|ie|za|info|biz|app|dev|ai|me|tv|xyz|online|site|tech|store|blog|cloud|ly|gg|eu|asia';
// Found from the top-level domain leftwards: a regex that starts at every letter would read each word twice.
const TLD_AFTER_DOT = new RegExp(`\\.(?:${TLDS})(?![\\w@-]|\\.[a-z0-9])`, 'gi');
const HOST_CHAR = /[A-Za-z0-9.-]/;
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** The host name that ends at `end` (read backwards over letters, digits, dots and hyphens), or null. */
function hostBefore(text: string, end: number): string | null {
  let start = end;
  while (start > 0 && end - start < 100 && HOST_CHAR.test(text[start - 1] as string)) start--;
  while (start < end && (text[start] === '.' || text[start] === '-')) start++;
  const host = text.slice(start, end);
  if (host.length === 0) return null;
  return host.split('.').every((label) => HOST_LABEL.test(label)) ? host : null;
}

const PATH_AFTER = /\/[^\s<>"'`{}|\\^]*/y;

/** Drops sentence punctuation and unbalanced closing brackets that end a URL in prose. */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last && '.,;:!?\'"’”'.includes(last)) end--;
    else if (last === ')' && count(url.slice(0, end), '(') < count(url.slice(0, end), ')')) end--;
    else if (last === ']' && count(url.slice(0, end), '[') < count(url.slice(0, end), ']')) end--;
    else break;
  }
  return url.slice(0, end);
}
const count = (text: string, ch: string) => text.split(ch).length - 1;

export const urlRecogniser: Recogniser = {
  types: ['URL'],
  find(text, out) {
    for (const match of text.matchAll(URL_ANCHOR)) {
      let start = match.index;
      if (match[0] === '://') {
        const scheme = SCHEME_BEFORE.exec(text.slice(Math.max(0, start - 16), start));
        if (!scheme) continue;
        start -= scheme[0].length;
      } else if (start > 0 && /[\w.-]/.test(text[start - 1] as string)) continue;
      URL_REST.lastIndex = start;
      const rest = URL_REST.exec(text);
      if (!rest) continue;
      const url = trimUrl(rest[0]);
      if (url.length < 8) continue;
      out.push({
        start,
        end: start + url.length,
        type: 'URL',
        score: 0.92,
        evidence: [url.toLowerCase().startsWith('www.') ? 'www. host' : 'scheme://host'],
      });
    }
    for (const match of text.matchAll(TLD_AFTER_DOT)) {
      const host = hostBefore(text, match.index);
      if (!host) continue;
      const start = match.index - host.length;
      if (start > 0 && /[\w@./:-]/.test(text[start - 1] as string)) continue;
      PATH_AFTER.lastIndex = match.index + match[0].length;
      const path = PATH_AFTER.exec(text);
      const url = trimUrl(text.slice(start, match.index + match[0].length + (path ? path[0].length : 0)));
      const withPath = url.includes('/');
      out.push({
        start,
        end: start + url.length,
        type: 'URL',
        score: withPath ? 0.75 : 0.6,
        evidence: [withPath ? 'domain with path' : 'domain name'],
      });
    }
  },
};

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\w.]|\\d\\.)${OCTET}(?:\\.${OCTET}){3}(?!\\.?\\d|\\.\\w)`, 'g');
// Anchored on a colon pair, then widened over hex digits, colons and dots and checked by a real parser.
const IPV6_ANCHOR = /:[0-9A-Fa-f]{0,4}:/g;
const IPV6_CHAR = /[0-9A-Fa-f:.]/;
const IP_CUES =
  /\b(?:ip|ips|ipv4|ipv6|address|addr|host|hostname|server|client|gateway|dns|subnet|ping|connected|connection|login|logged|remote|source|src|dst|destination|firewall|proxy|vpn|from|router|inet)\b/g;
const VERSION_CUES =
  /\b(?:version|ver|v|release|build|firmware|section|chapter|clause|rule|figure|table|oid|step)\b\s*$/;

export const ipRecogniser: Recogniser = {
  types: ['IP_ADDRESS'],
  find(text, out) {
    for (const match of text.matchAll(IPV4)) {
      const start = match.index;
      const end = start + match[0].length;
      const before = text.slice(Math.max(0, start - 12), start).toLowerCase();
      const evidence = ['four octets 0–255'];
      let score = 0.75;
      if (VERSION_CUES.test(before) || /v\s?$/.test(before)) {
        score = 0.2;
        evidence.push('version or section context');
      }
      const cue = score > 0.5 ? findCue(text, start, end, IP_CUES) : null;
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'IP_ADDRESS', score: withCue(score, 0.97, cue), evidence });
    }
    IPV6_ANCHOR.lastIndex = 0;
    for (let m = IPV6_ANCHOR.exec(text); m; m = IPV6_ANCHOR.exec(text)) {
      let start = m.index;
      while (start > 0 && m.index - start < 40 && IPV6_CHAR.test(text[start - 1] as string)) start--;
      let end = m.index + m[0].length;
      while (end < text.length && end - start < 45 && IPV6_CHAR.test(text[end] as string)) end++;
      IPV6_ANCHOR.lastIndex = end;
      while (end > start && /[.:]/.test(text[end - 1] as string) && !text.slice(start, end).endsWith('::')) end--;
      if (
        (start > 0 && /[\w]/.test(text[start - 1] as string)) ||
        (end < text.length && /\w/.test(text[end] as string))
      )
        continue;
      const raw = text.slice(start, end);
      const groups = raw.split(':').filter(Boolean).length;
      if (groups < 3 || !isIPv6(raw) || !/\d/.test(raw)) continue;
      const cue = findCue(text, start, end, IP_CUES);
      const evidence = ['valid IPv6'];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'IP_ADDRESS', score: withCue(0.85, 0.97, cue), evidence });
    }
  },
};

const MAC = /(?<![\w:-])[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}(?![\w:-])/g;
// Starts at the dot (a literal the regex engine finds fast); the first quad is checked by hand.
const MAC_DOTTED = /\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}(?![\w.])/g;
const QUAD_BEFORE = /(?<![\w.])[0-9A-Fa-f]{4}$/;
const MAC_CUES = /\b(?:mac|hardware|ethernet|wi-?fi|wlan|nic|bssid|device|adapter|physical|interface|ether)\b/g;

export const macRecogniser: Recogniser = {
  types: ['MAC_ADDRESS'],
  find(text, out) {
    for (const match of text.matchAll(MAC)) {
      const start = match.index;
      const end = start + match[0].length;
      const cue = findCue(text, start, end, MAC_CUES);
      const evidence = ['six hex octets'];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'MAC_ADDRESS', score: withCue(0.9, 0.98, cue), evidence });
    }
    for (const match of text.matchAll(MAC_DOTTED)) {
      if (!QUAD_BEFORE.test(text.slice(Math.max(0, match.index - 5), match.index))) continue;
      const start = match.index - 4;
      const end = match.index + match[0].length;
      const cue = findCue(text, start, end, MAC_CUES);
      const evidence = ['three dotted hex quads'];
      if (cue) evidence.push(cueEvidence(cue));
      out.push({ start, end, type: 'MAC_ADDRESS', score: withCue(0.6, 0.95, cue), evidence });
    }
  },
};

export const networkRecognisers: readonly Recogniser[] = [emailRecogniser, urlRecogniser, ipRecogniser, macRecogniser];
