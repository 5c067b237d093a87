import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { API_KEY_CHECKSUM_LENGTH, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH } from '@candor/contracts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SHAPE = new RegExp(
  `^${API_KEY_PREFIX}([0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}})([0-9A-Za-z]{${API_KEY_CHECKSUM_LENGTH}})$`,
);
/** Characters of the secret shown to tell keys apart: the prefix and four random ones. */
const SHOWN_PREFIX = API_KEY_PREFIX.length + 4;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** The checksum GitHub-style tokens carry: a scanner tells a real key from random text without the database. */
export const checksumOf = (random: string) => base62(crc32(random), API_KEY_CHECKSUM_LENGTH);

/** A new secret: the prefix, 32 base62 characters (≈190 bits) from the CSPRNG, and their checksum. */
export function generateApiKeySecret(): string {
  let random = '';
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether `value` has a key's shape and a matching checksum (no database needed). */
export function isWellFormedApiKey(value: string): boolean {
  const match = SHAPE.exec(value);
  return match !== null && checksumOf(match[1] ?? '') === match[2];
}

/** What is stored: the SHA-256 of a 190-bit secret needs no slow hash (nothing to guess), and looks up in one index. */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Compares two hex hashes without leaking where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** How a key is shown after creation: its first characters and last four. */
export const displayParts = (secret: string) => ({ prefix: secret.slice(0, SHOWN_PREFIX), lastFour: secret.slice(-4) });
