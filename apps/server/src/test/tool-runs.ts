import { errorBodySchema, tokenBalanceSchema } from '@candor/contracts';
import { type JobSnapshot, jobSnapshotSchema } from '@candor/contracts/tools';
import { historyItems, ledgerEntries, tokenHolds } from '@candor/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signUpVerified, type TestApp, type TestClient } from './app.js';

/** What the service tests of tool runs share. */
const DETECTOR = '/api/detector';
const BALANCE = `${DETECTOR}/ai-detector/user-token-balance/`;

export const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
};

/** The `snapshot` events of a finished job's stream, in order. */
export function snapshotsOf(body: string): JobSnapshot[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: snapshot\n'))
    .map((block) => jobSnapshotSchema.parse(JSON.parse(block.slice(block.indexOf('data: ') + 6))));
}

/** Follows the job's events to its end (the stream closes once the job has finished). */
export async function followToEnd(client: TestClient, jobId: string): Promise<JobSnapshot[]> {
  const response = await client.get(`${DETECTOR}/v1/jobs/${jobId}/events`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  return snapshotsOf(response.body);
}

export async function totalBalance(client: TestClient): Promise<number> {
  const b = tokenBalanceSchema.parse((await client.get(BALANCE)).json());
  return b.plan_balance + b.referral_token_balance + b.token_balance;
}

export async function newUser(t: TestApp) {
  const client = t.client();
  const { user } = await signUpVerified(t, client);
  return { client, userId: user.id };
}

/** What a failed or cancelled run must leave behind: nothing at all. */
export async function expectNothingStored(t: TestApp, userId: string) {
  const { db } = t.database.handle;
  expect(await db.select().from(historyItems).where(eq(historyItems.userId, userId))).toEqual([]);
  expect(await db.select().from(tokenHolds).where(eq(tokenHolds.userId, userId))).toEqual([]);
  const charges = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  expect(charges.filter((entry) => entry.reason === 'charge')).toEqual([]);
}

/** Posts `bytes` as the multipart field `file` to `url`, the way a browser's FormData does. */
export async function uploadFile(client: TestClient, url: string, fileName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const request = new Request('http://candor.test/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return client.request('POST', url, body, {
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
}
