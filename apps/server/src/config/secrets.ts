import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The configured secret, or one generated once into `DATA_DIR/<fileName>` (0600) so what it protects survives
 * restarts: `jwt-secret` (sessions), `pii-vault-key` (the chat vaults).
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx` fails when the file exists, so two instances starting together end up with the same secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to regenerate`);
  return secret;
}
