import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
export const hashPassword = (password: string) => hash(password);

/** A hash of a random password, checked when the account doesn't exist so both answers take the same time. */
const dummyHash = hash(randomBytes(24).toString('base64'));

/** True when `password` matches `passwordHash`; a missing hash still costs one verification. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
