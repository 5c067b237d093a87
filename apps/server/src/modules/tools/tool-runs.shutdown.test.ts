import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authCookies } from '@candor/contracts';
import { jobSnapshotSchema } from '@candor/contracts/tools';
import { tokenHolds } from '@candor/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readTestSettings } from '../../config/env.js';
import { useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { misbehavingEngine } from '../../test/engines/misbehaving-engine.js';
import { newUser } from '../../test/tool-runs.js';

const DETECTOR = '/api/detector';
const speech = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../packages/engines/audio/fixtures/speech.mp3'),
).toString('base64');

const { redisUrl } = readTestSettings();

describeOnEachDatabase('tool runs when the server stops', (database) => {
  describe.each([['with the in-process queue', ''], ...(redisUrl ? [['with the queue in Redis', redisUrl]] : [])])(
    'a graceful stop %s',
    (_name, queueRedisUrl) => {
      const t = useTestApp(database, {
        env: { ENGINE_THREADS: '1', REDIS_URL: queueRedisUrl },
        engineOverrides: { 'writing-analysis': misbehavingEngine },
      });

      it('settles the runs in progress first, so requests waiting on them can end and the stop does not overrun', async () => {
        const { client, userId } = await newUser(t());
        const job = jobSnapshotSchema.parse(
          (await client.post(`${DETECTOR}/v1/tools/writing-analysis/jobs`, { text: 'hang on' })).json(),
        );
        await expect
          .poll(
            async () =>
              jobSnapshotSchema.parse((await client.get(`${DETECTOR}/v1/jobs/${job.job_id}`)).json()).progress.stage,
          )
          .toBe('Hanging');

        // A voice run's length is measured on an engine thread: with the only one busy, its request waits. Closing waits
        // for requests in flight; were the runs stopped only after that, neither would ever end (until the shutdown
        // grace kills the process, with the run "running" and its hold held).
        const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
        const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const csrf = client.jar.get(authCookies.csrfAccess) ?? '';
        const arrived = new Promise((resolve) => t().app.server.once('request', resolve));
        const voice = fetch(`${address}${DETECTOR}/v1/tools/voice-detection/jobs`, {
          method: 'POST',
          headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
          body: JSON.stringify({ audio: speech, file_name: 'speech.mp3' }),
        });
        await arrived;
        const { db } = t().database.handle;

        const closing = t().app.close();
        const ended = await Promise.race([
          closing.then(() => 'closed'),
          new Promise((resolve) => setTimeout(resolve, 8_000, 'still closing')),
        ]);
        expect(ended).toBe('closed');
        // The voice request was answered (refused: the server was stopping), and nothing is held.
        expect((await voice).status).toBe(503);
        expect(await db.select().from(tokenHolds).where(eq(tokenHolds.userId, userId))).toEqual([]);
      });
    },
  );
});
