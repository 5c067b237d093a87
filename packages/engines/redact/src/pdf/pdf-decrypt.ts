import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import {
  PDFArray,
  PDFBool,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFString,
} from 'pdf-lib';

/**
 * Decrypts the streams of a PDF encrypted with the standard security handler and an empty user password — the
 * common "owner password only" file that pdf.js opens without asking — so pdf-bounds can read its content streams
 * (pdf-lib reads encrypted files but not their streams). RC4 and AES-128 (revisions 2–4) and AES-256 (5 and 6).
 * Null when the file needs a password, or uses a handler or method this does not know: pdf.js judges those.
 */
export type StreamDecrypter = (contents: Uint8Array, ref: PDFRef) => Uint8Array;

const PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');

const md5 = (...parts: Uint8Array[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const sha = (algorithm: string, ...parts: Uint8Array[]) => createHash(algorithm).update(Buffer.concat(parts)).digest();

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Uint8Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[k] = (data[k] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 0xff] as number);
  }
  return out;
}

function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 32 || data.length % 16 !== 0) return new Uint8Array();
  const algorithm = key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc';
  try {
    const decipher = createDecipheriv(algorithm, key, data.subarray(0, 16));
    return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
  } catch {
    // A wrong padding byte: keep the blocks as they are, as pdf.js does.
    const decipher = createDecipheriv(algorithm, key, data.subarray(0, 16)).setAutoPadding(false);
    return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
  }
}

function bytesOf(object: PDFObject | undefined): Buffer | null {
  if (object instanceof PDFString || object instanceof PDFHexString) return Buffer.from(object.asBytes());
  return null;
}

/** ISO 32000-2 algorithm 2.B: the revision 6 hash. */
function hashR6(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array): Buffer {
  let k = sha('sha256', password, salt, userKey);
  for (let round = 0; ; round++) {
    const block = Buffer.concat([password, k, userKey]);
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => block));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    const sum = e.subarray(0, 16).reduce((total, byte) => total + byte, 0);
    k = sha(['sha256', 'sha384', 'sha512'][sum % 3] as string, e);
    if (round >= 63 && (e[e.length - 1] as number) <= round + 1 - 32) return k.subarray(0, 32);
  }
}

export function standardDecrypter(document: PDFDocument): StreamDecrypter | null {
  const { context } = document;
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? context.lookup(object) : object);
  const encrypt = lookup(context.trailerInfo.Encrypt);
  if (!(encrypt instanceof PDFDict)) return null;
  const get = (key: string, dict = encrypt) => lookup(dict.get(PDFName.of(key)));
  if (get('Filter') !== PDFName.of('Standard')) return null;
  const number = (key: string) => {
    const value = get(key);
    return value instanceof PDFNumber ? value.asNumber() : undefined;
  };
  const v = number('V') ?? 0;
  const r = number('R') ?? 0;
  const owner = bytesOf(get('O'));
  const user = bytesOf(get('U'));
  if (!owner || !user) return null;

  // Which method streams use: V4 and V5 name a crypt filter.
  let method: 'rc4' | 'aes' | 'none' = 'rc4';
  if (v >= 4) {
    const streamFilter = get('StmF');
    if (!streamFilter || streamFilter === PDFName.of('Identity')) method = 'none';
    else {
      const filters = get('CF');
      const filter =
        filters instanceof PDFDict && streamFilter instanceof PDFName ? lookup(filters.get(streamFilter)) : undefined;
      const cfm = filter instanceof PDFDict ? get('CFM', filter) : undefined;
      if (cfm === PDFName.of('AESV2') || cfm === PDFName.of('AESV3')) method = 'aes';
      else if (cfm === PDFName.of('None')) method = 'none';
      else if (cfm !== PDFName.of('V2')) return null;
    }
  }
  if (method === 'none') return (contents) => contents;

  if (r >= 5) {
    const empty = new Uint8Array();
    const check = r === 5 ? sha('sha256', user.subarray(32, 40)) : hashR6(empty, user.subarray(32, 40), empty);
    if (!check.subarray(0, 32).equals(user.subarray(0, 32))) return null;
    const intermediate = r === 5 ? sha('sha256', user.subarray(40, 48)) : hashR6(empty, user.subarray(40, 48), empty);
    const userEncrypted = bytesOf(get('UE'));
    if (userEncrypted?.length !== 32) return null;
    const decipher = createDecipheriv('aes-256-cbc', intermediate, Buffer.alloc(16)).setAutoPadding(false);
    const fileKey = Buffer.concat([decipher.update(userEncrypted), decipher.final()]);
    return (contents) => aesDecrypt(fileKey, contents);
  }

  const ids = lookup(context.trailerInfo.ID);
  const firstId = ids instanceof PDFArray ? bytesOf(lookup(ids.get(0))) : null;
  const length = r === 2 ? 5 : Math.min(16, Math.max(5, (number('Length') ?? 40) / 8));
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(number('P') ?? 0);
  const metadata = get('EncryptMetadata');
  const unencryptedMetadata = r >= 4 && metadata instanceof PDFBool && !metadata.asBoolean();
  let key = md5(
    PAD,
    owner,
    permissions,
    firstId ?? new Uint8Array(),
    unencryptedMetadata ? Buffer.alloc(4, 0xff) : Buffer.alloc(0),
  );
  if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, length));
  key = key.subarray(0, length);

  // The empty password must open the file: otherwise it asks for one, and pdf.js says so.
  let check: Uint8Array;
  if (r === 2) check = rc4(key, PAD);
  else {
    check = rc4(key, md5(PAD, firstId ?? new Uint8Array()));
    for (let i = 1; i <= 19; i++)
      check = rc4(
        key.map((byte) => byte ^ i),
        check,
      );
  }
  if (!Buffer.from(check).equals(user.subarray(0, r === 2 ? 32 : 16))) return null;

  return (contents, ref) => {
    const objectKey = md5(
      key,
      Buffer.from([ref.objectNumber & 0xff, (ref.objectNumber >> 8) & 0xff, (ref.objectNumber >> 16) & 0xff]),
      Buffer.from([ref.generationNumber & 0xff, (ref.generationNumber >> 8) & 0xff]),
      method === 'aes' ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0),
    ).subarray(0, Math.min(length + 5, 16));
    return method === 'aes' ? aesDecrypt(objectKey, contents) : rc4(objectKey, contents);
  };
}
