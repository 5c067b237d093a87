import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A new signing secret: `whsec_` and 32 random bytes. */
export const generateWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`, as Stripe signs its webhooks. */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** What a receiver does (docs/api.md shows it): the signature matches and is recent. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] ?? '', 'hex');
  const actual = Buffer.from(given, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Seals signing secrets at rest (AES-256-GCM under a key derived from PII_VAULT_KEY, the account as associated data):
 * a secret must be readable to sign with, so it cannot be a hash, and a database dump alone does not forge deliveries.
 */
export function createSecretSealer(masterKey: string) {
  const key = Buffer.from(hkdfSync('sha256', masterKey, 'webhooks', 'candor webhook secret v1', 32));
  return {
    seal(userId: string, secret: string): Buffer {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, body, cipher.getAuthTag()]);
    },
    open(userId: string, sealed: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
export type SecretSealer = ReturnType<typeof createSecretSealer>;
