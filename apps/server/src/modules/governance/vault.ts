import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { type Database, piiVaults } from '@candor/db';
import type { PiiEntityType } from '@candor/engine-pii/catalogue';
import { and, eq, sql } from 'drizzle-orm';

/** Pseudonym → the value it stands for, e.g. `[PERSON_NAME_1]` → Ada Lovelace. */
export type VaultEntries = Record<string, { type: PiiEntityType; value: string }>;

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived per user (HKDF-SHA256 of PII_VAULT_KEY with the user id), with the user and scope
 * as associated data: a vault copied to another user's row or another chat does not open.
 */
export function createVaultCipher(masterKey: string) {
  const keyFor = (userId: string) => Buffer.from(hkdfSync('sha256', masterKey, userId, 'candor pii vault v1', 32));
  const associatedData = (userId: string, scope: string) => Buffer.from(`${userId}\n${scope}`);

  return {
    seal(userId: string, scope: string, entries: VaultEntries): Buffer {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyFor(userId), nonce);
      cipher.setAAD(associatedData(userId, scope));
      const body = Buffer.concat([cipher.update(JSON.stringify(entries), 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, body, cipher.getAuthTag()]);
    },
    open(userId: string, scope: string, sealed: Buffer): VaultEntries {
      const nonce = sealed.subarray(0, NONCE_BYTES);
      const tag = sealed.subarray(sealed.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', keyFor(userId), nonce);
      decipher.setAAD(associatedData(userId, scope));
      decipher.setAuthTag(tag);
      const body = Buffer.concat([
        decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(body.toString('utf8')) as VaultEntries;
    },
  };
}
export type VaultCipher = ReturnType<typeof createVaultCipher>;

/** Reads and writes sealed vaults; nothing else touches the table. */
export function createVaultRepository(cipher: VaultCipher) {
  return {
    async load(db: Database, userId: string, scope: string): Promise<VaultEntries> {
      const [row] = await db
        .select({ sealed: piiVaults.sealed })
        .from(piiVaults)
        .where(and(eq(piiVaults.userId, userId), eq(piiVaults.scope, scope)));
      return row ? cipher.open(userId, scope, row.sealed) : {};
    },
    async save(db: Pick<Database, 'insert'>, userId: string, scope: string, entries: VaultEntries): Promise<void> {
      const sealed = cipher.seal(userId, scope, entries);
      await db
        .insert(piiVaults)
        .values({ userId, scope, sealed })
        .onConflictDoUpdate({ target: [piiVaults.userId, piiVaults.scope], set: { sealed, updatedAt: sql`now()` } });
    },
    async remove(db: Pick<Database, 'delete'>, userId: string, scope: string): Promise<void> {
      await db.delete(piiVaults).where(and(eq(piiVaults.userId, userId), eq(piiVaults.scope, scope)));
    },
  };
}
export type VaultRepository = ReturnType<typeof createVaultRepository>;
