import { readFileSync } from 'node:fs';
import pg from 'pg';
import { e2eStateFile } from '../env.mjs';

/** The e2e server's PostgreSQL URL, or null when it runs on the embedded PGlite (which only it can open). */
export function e2eDatabaseUrl(): string | null {
  return (JSON.parse(readFileSync(e2eStateFile, 'utf8')) as { databaseUrl: string | null }).databaseUrl;
}

export async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const url = e2eDatabaseUrl();
  if (!url) throw new Error('no e2e PostgreSQL database');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
