import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { historyDetailSchema } from '@candor/contracts';
import {
  type JobSnapshot,
  jobSnapshotSchema,
  plagiarismResultSchema,
  plagiarismSourceOptionsSchema,
  type ToolId,
} from '@candor/contracts/tools';
import { historyItems } from '@candor/db';
import { tokenizeWords } from '@candor/engine-writing/tokenize';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/app.js';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectError, expectNothingStored, followToEnd, newUser, totalBalance } from '../../../test/tool-runs.js';
import { readBack } from '../pdf/read-back.js';

const DETECTOR = '/api/detector';
const jobsOf = (tool: ToolId) => `${DETECTOR}/v1/tools/${tool}/jobs`;
const JOBS = jobsOf('plagiarism');
const SOURCES = `${DETECTOR}/v1/tools/plagiarism/sources`;

const SOURCE = `Lighthouses were once kept by families who lived at the foot of the tower. Every evening the keeper climbed
the spiral stair, trimmed the wick and polished the great lens until it shone, because a smeared lens could hide the
light from a ship only a few miles out. In storms the keeper stayed awake through the night, winding the clockwork that
turned the lamp and writing the weather into the log book. Automation arrived in the twentieth century and the last
keepers left their towers, but many of the log books survive in county archives.`;

const COPIED =
  'Every evening the keeper climbed the spiral stair, trimmed the wick and polished the great lens until it shone';

const ESSAY = `My grandmother grew up near the coast and still talks about the lighthouse she could see from her bedroom
window. ${COPIED}, she told me, and she swore she could hear him singing on calm nights. She moved inland when she
married and never lived by the sea again, yet she keeps a small brass model of that tower on her kitchen shelf.`;

const PAGE = `<!doctype html><html><head><title>Keepers of the light</title></head><body><main><p>${SOURCE}</p></main>
<footer>Museum of the Coast</footer></body></html>`;

async function run(client: TestClient, body: unknown, tool: ToolId = 'plagiarism'): Promise<JobSnapshot> {
  const started = await client.post(jobsOf(tool), body);
  expect(started.statusCode, started.body).toBe(202);
  const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
  if (!last) throw new Error('the job sent no snapshot');
  return last;
}

const detailOf = async (client: TestClient, historyId: string | null) =>
  historyDetailSchema.parse((await client.get(`${DETECTOR}/v2/ai-detector/user-history/${historyId}`)).json());

async function reportOf(client: TestClient, historyId: string | null) {
  const detail = await detailOf(client, historyId);
  return { item: detail.item, input: detail.input, report: plagiarismResultSchema.parse(detail.result) };
}

let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/keepers') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(PAGE);
    } else if (request.url === '/nested') {
      // Built to be hard to read: nested far deeper than any real page.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`${'<div>'.repeat(50_000)}${PAGE}${'</div>'.repeat(50_000)}`);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A loopback port nothing listens on: the connection is refused at once. */
async function closedPort(): Promise<number> {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}

describeOnEachDatabase('copyright detector (plagiarism)', (database) => {
  describe('on a server with the default settings', () => {
    const t = useTestApp(database);

    it('finds the copied passage in an uploaded source, stores it side by side and charges words × 2', async () => {
      const { client } = await newUser(t());
      const before = await totalBalance(client);
      const last = await run(client, {
        text: ESSAY,
        file_name: 'grandmother.txt',
        sources: {
          documents: [
            { name: 'keepers.pdf', text: SOURCE },
            { name: 'unrelated.txt', text: 'Bread rises.' },
          ],
        },
      });
      expect(last.status, JSON.stringify(last.error)).toBe('succeeded');
      const words = tokenizeWords(ESSAY).length;
      const { item, report } = await reportOf(client, last.history_id);
      expect(item).toMatchObject({ model_name: 'PLAGIARISM', title: 'grandmother.txt', cost: words * 2 });
      expect(await totalBalance(client)).toBe(before - words * 2);

      expect(report.words).toBe(words);
      expect(report.similarity).toBeGreaterThan(0.2);
      expect(report.similarity).toBeLessThan(0.6);
      // Both named files are listed, the unrelated one at 0%.
      expect(report.sources.map((s) => [s.title, s.kind, s.similarity > 0])).toEqual([
        ['keepers.pdf', 'document', true],
        ['unrelated.txt', 'document', false],
      ]);
      const copied = report.matches.map((m) => ESSAY.slice(m.start, m.end)).join(' ');
      expect(copied).toContain('keeper climbed the spiral stair');
      for (const match of report.matches) {
        expect(match.source_text).toBe(SOURCE.slice(match.source_start, match.source_end));
        expect(match.source_text).toContain('spiral stair');
      }
    });

    it('refuses a private address with a clear message: alone it charges nothing, beside a file the check goes on', async () => {
      const { client, userId } = await newUser(t());
      const before = await totalBalance(client);
      const last = await run(client, { text: ESSAY, sources: { urls: [`${origin}/keepers`] } });
      expect(last.status).toBe('failed');
      expect(last.error).toEqual({
        code: 'source_address_refused',
        message: 'Candor does not fetch private or local addresses (127.0.0.1).',
      });
      expect(await totalBalance(client)).toBe(before);
      await expectNothingStored(t(), userId);

      // With a file to compare with, the check goes on without the page and says why it was left out.
      const withFile = await run(client, {
        text: ESSAY,
        sources: { documents: [{ name: 'keepers.pdf', text: SOURCE }], urls: [`${origin}/keepers`] },
      });
      expect(withFile.status, JSON.stringify(withFile.error)).toBe('succeeded');
      const { item, report } = await reportOf(client, withFile.history_id);
      expect(report.sources.map((source) => source.title)).toEqual(['keepers.pdf']);
      expect(report.matches.length).toBeGreaterThan(0);
      expect(report.unread_sources).toEqual([
        {
          url: `${origin}/keepers`,
          code: 'source_address_refused',
          reason: 'Candor does not fetch private or local addresses (127.0.0.1).',
        },
      ]);
      expect(item.cost).toBe(tokenizeWords(ESSAY).length * 2);
      expect(await totalBalance(client)).toBe(before - item.cost);
    });

    it('compares with the user’s own earlier documents, not with anyone else’s, and not with the same text', async () => {
      const { client: writer } = await newUser(t());
      const first = await run(writer, {
        text: SOURCE,
        file_name: 'keepers draft',
        sources: { documents: [{ name: 'x', text: 'Bread rises.' }] },
      });
      expect(first.status).toBe('succeeded');
      // Another user's earlier work is never compared on this server.
      const { client: stranger } = await newUser(t());
      expect(plagiarismSourceOptionsSchema.parse((await stranger.get(SOURCES)).json())).toEqual({
        my_documents: 0,
        organisation_documents: false,
        private_addresses: false,
      });
      expect(plagiarismSourceOptionsSchema.parse((await writer.get(SOURCES)).json())).toEqual({
        my_documents: 1,
        organisation_documents: false,
        private_addresses: false,
      });

      const second = await run(writer, { text: ESSAY, sources: { my_documents: true } });
      expect(second.status, JSON.stringify(second.error)).toBe('succeeded');
      const { report } = await reportOf(writer, second.history_id);
      expect(report.compared).toEqual({ my_documents: 1, organisation_documents: 0 });
      expect(report.sources).toMatchObject([
        { kind: 'my_document', title: 'keepers draft', history_id: first.history_id },
      ]);
      expect(report.matches.length).toBeGreaterThan(0);

      // Checking the same text again compares it with the other earlier document only, not with itself.
      const again = await run(writer, { text: ESSAY, sources: { my_documents: true } });
      expect((await reportOf(writer, again.history_id)).report.compared.my_documents).toBe(1);

      const refused = await run(stranger, { text: ESSAY, sources: { organisation_documents: true } });
      expect(refused.status).toBe('failed');
      expect(refused.error?.code).toBe('organisation_documents_off');
    });

    it('reads a text checked in two tools as one earlier document, from its newest run, named with tool and time', async () => {
      const { client } = await newUser(t());
      const analysed = await run(client, { text: SOURCE, file_name: 'keepers.txt' }, 'writing-analysis');
      // The same file again, its lines joined and its letters shouted: the same document to the engine.
      const resent = SOURCE.replace(/\n/g, ' ').replace('Lighthouses', 'LIGHTHOUSES');
      const detected = await run(client, { text: `${resent}\n`, file_name: 'keepers.txt' }, 'ai-detection');
      const bread = await run(client, { text: 'Bread rises overnight in a warm kitchen.' }, 'writing-analysis');
      for (const job of [analysed, detected, bread]) expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
      expect(plagiarismSourceOptionsSchema.parse((await client.get(SOURCES)).json()).my_documents).toBe(2);

      const checked = await run(client, { text: ESSAY, sources: { my_documents: true } });
      expect(checked.status, JSON.stringify(checked.error)).toBe('succeeded');
      const { report } = await reportOf(client, checked.history_id);
      const newest = (await detailOf(client, detected.history_id)).item;
      expect(report.compared).toEqual({ my_documents: 2, organisation_documents: 0 });
      expect(report.sources).toEqual([
        expect.objectContaining({
          kind: 'my_document',
          title: 'keepers.txt',
          history_id: detected.history_id,
          model_name: 'AI_DETECTION',
          created_at: new Date(newest.created_at).toISOString(),
        }),
      ]);
      expect(report.matches.length).toBeGreaterThan(0);
      expect(new Set(report.matches.map((match) => match.source_id))).toEqual(new Set([`my-${detected.history_id}`]));
      // The check itself is an earlier document now: a third text.
      expect(plagiarismSourceOptionsSchema.parse((await client.get(SOURCES)).json()).my_documents).toBe(3);

      // A named file with that text is the source; the earlier document would only repeat it.
      const named = await run(client, {
        text: ESSAY,
        sources: { documents: [{ name: 'keepers.pdf', text: SOURCE }], my_documents: true },
      });
      const again = (await reportOf(client, named.history_id)).report;
      expect(again.sources.map((source) => [source.kind, source.title])).toEqual([['document', 'keepers.pdf']]);
      expect(again.compared.my_documents).toBe(1);
    });

    it('refuses a text without a source, without words, or too long, before anything is charged', async () => {
      const { client, userId } = await newUser(t());
      const noSource = await client.post(JOBS, { text: ESSAY, sources: {} });
      expectError(noSource, 400, 'validation_failed');
      expect(noSource.body).toContain('Add at least one source: a file, a web address or your earlier documents');
      const emoji = await client.post(JOBS, { text: '😀😃 🎉', sources: { my_documents: true } });
      expectError(emoji, 400, 'validation_failed');
      expect(emoji.body).toContain('This text has no words to compare');
      const badUrl = await client.post(JOBS, { text: ESSAY, sources: { urls: ['file:///etc/passwd'] } });
      expectError(badUrl, 400, 'validation_failed');
      expect(badUrl.body).toContain('Enter a web address that starts with http:// or https://');
      const tooMany = await client.post(JOBS, {
        text: ESSAY,
        sources: { urls: Array(6).fill('https://example.com/') },
      });
      expectError(tooMany, 400, 'validation_failed');
      expect(tooMany.body).toContain('Add up to 5 web addresses');
      // Cyrillic is two bytes a letter (1.09 MB here): it is measured in characters and words, as the screen
      // counts it, and not refused as a body too large.
      const cyrillic = await client.post(JOBS, { text: 'слово '.repeat(99_000), sources: { my_documents: true } });
      expectError(cyrillic, 413, 'payload_too_large');
      expect(cyrillic.json().error.message).toMatch(/^Your plan checks up to 2,000 words per run and this text has /);
      const big = 'word '.repeat(100_000);
      expectError(
        await client.post(JOBS, { text: big, sources: { documents: [{ name: 'big.txt', text: big }] } }),
        413,
        'payload_too_large',
      );
      await expectNothingStored(t(), userId);
    });
  });

  describe('on a self-hosted server that fetches its own network and shares documents organisation-wide', () => {
    const t = useTestApp(database, {
      env: {
        SOURCE_FETCH_ALLOW_PRIVATE: '127.0.0.1',
        PLAGIARISM_ORGANISATION_DOCUMENTS: 'true',
        BODY_LIMIT_BYTES: '4194304',
      },
    });

    it('fetches a web page as a source and names it by its title and address', async () => {
      const { client } = await newUser(t());
      const last = await run(client, { text: ESSAY, sources: { urls: [`${origin}/keepers`] } });
      expect(last.status, JSON.stringify(last.error)).toBe('succeeded');
      const { report } = await reportOf(client, last.history_id);
      expect(report.sources).toMatchObject([
        { kind: 'url', title: 'Keepers of the light', url: `${origin}/keepers`, history_id: null },
      ]);
      expect(report.sources[0]?.similarity).toBeGreaterThan(0.2);
      expect(report.matches[0]?.source_text).toContain('spiral stair');
      expect(report.unread_sources).toEqual([]);
    });

    it('checks against the pages it could read, lists each one it could not with why, and charges for the words', async () => {
      const { client } = await newUser(t());
      const before = await totalBalance(client);
      const gone = `http://127.0.0.1:${await closedPort()}/gone`;
      const last = await run(client, {
        text: ESSAY,
        sources: { urls: [gone, `${origin}/keepers`, `${origin}/missing`] },
      });
      expect(last.status, JSON.stringify(last.error)).toBe('succeeded');
      const words = tokenizeWords(ESSAY).length;
      const { item, report } = await reportOf(client, last.history_id);
      expect(item.cost).toBe(words * 2);
      expect(report.words).toBe(words);
      expect(await totalBalance(client)).toBe(before - words * 2);

      expect(report.sources).toMatchObject([{ kind: 'url', title: 'Keepers of the light', url: `${origin}/keepers` }]);
      expect(report.sources[0]?.similarity).toBeGreaterThan(0.2);
      expect(report.matches.map((match) => match.source_text).join(' ')).toContain('keeper climbed the spiral stair');
      // In the order they were named, each with the address the user gave.
      expect(report.unread_sources).toEqual([
        { url: gone, code: 'source_unreachable', reason: 'Could not reach 127.0.0.1: the connection was refused' },
        { url: `${origin}/missing`, code: 'source_http_error', reason: '127.0.0.1 answered 404 (page not found)' },
      ]);

      // The PDF report says the same.
      const pdf = await client.get(`${DETECTOR}/v1/tools/plagiarism/reports/${last.history_id}.pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const printed = (await readBack(pdf.rawPayload)).text.replace(/\s+/g, ' ');
      expect(printed).toContain('2 web pages could not be read');
      expect(printed).toContain(`${gone} Could not reach 127.0.0.1: the connection was refused`);
      expect(printed).toContain(`${origin}/missing 127.0.0.1 answered 404 (page not found)`);
    });

    it('reopens and prints a report stored before unreadable pages were recorded', async () => {
      const { client } = await newUser(t());
      const last = await run(client, { text: ESSAY, sources: { urls: [`${origin}/keepers`] } });
      expect(last.status, JSON.stringify(last.error)).toBe('succeeded');
      const { db } = t().database.handle;
      await db
        .update(historyItems)
        .set({ result: sql`${historyItems.result} - 'unread_sources'` })
        .where(eq(historyItems.id, last.history_id ?? ''));
      const detail = await detailOf(client, last.history_id);
      expect(detail.result).not.toHaveProperty('unread_sources');
      expect(plagiarismResultSchema.parse(detail.result).unread_sources).toEqual([]);
      const pdf = await client.get(`${DETECTOR}/v1/tools/plagiarism/reports/${last.history_id}.pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect((await readBack(pdf.rawPayload)).text).not.toContain('could not be read');
    });

    it('fails a check none of whose pages could be read when it has nothing else to compare with, and charges nothing', async () => {
      const { client, userId } = await newUser(t());
      const gone = `http://127.0.0.1:${await closedPort()}/gone`;
      const missing = await run(client, { text: ESSAY, sources: { urls: [`${origin}/missing`] } });
      expect(missing.error).toEqual({ code: 'source_http_error', message: '127.0.0.1 answered 404 (page not found)' });
      const none = await run(client, { text: ESSAY, sources: { urls: [gone, `${origin}/missing`] } });
      expect(none.error).toEqual({
        code: 'source_none_read',
        message:
          'None of the 2 web pages could be read. Could not reach 127.0.0.1: the connection was refused. ' +
          '127.0.0.1 answered 404 (page not found).',
      });
      // Earlier documents asked for but none there: nothing was compared either.
      const nothingEarlier = await run(client, { text: ESSAY, sources: { urls: [gone], my_documents: true } });
      expect(nothingEarlier.error?.code).toBe('source_unreachable');
      await expectNothingStored(t(), userId);
    });

    it('reads a page built to be hard to read in a worker thread, fails it clearly and charges nothing', async () => {
      const { client, userId } = await newUser(t());
      const last = await run(client, { text: ESSAY, sources: { urls: [`${origin}/nested`] } });
      expect(last.error).toEqual({
        code: 'source_no_text',
        message: 'The page at 127.0.0.1 has no text Candor can read',
      });
      await expectNothingStored(t(), userId);
      // The server went on answering meanwhile, and still reads ordinary pages.
      expect((await client.get('/healthz')).statusCode).toBe(200);
      const ordinary = await run(client, { text: ESSAY, sources: { urls: [`${origin}/keepers`] } });
      expect(ordinary.status).toBe('succeeded');
    });

    it('compares with everyone’s earlier documents without naming whose they are', async () => {
      const { client: author } = await newUser(t());
      const first = await run(author, { text: SOURCE, file_name: 'Private title', sources: { my_documents: true } });
      expect(first.status, JSON.stringify(first.error)).toBe('succeeded');

      const { client: student } = await newUser(t());
      expect(plagiarismSourceOptionsSchema.parse((await student.get(SOURCES)).json()).organisation_documents).toBe(
        true,
      );
      const last = await run(student, { text: ESSAY, sources: { organisation_documents: true } });
      expect(last.status, JSON.stringify(last.error)).toBe('succeeded');
      const { report } = await reportOf(student, last.history_id);
      const match = report.sources.find((source) => source.kind === 'organisation_document');
      expect(match).toMatchObject({ history_id: null, url: null });
      expect(match?.title).toMatch(/^A document submitted in your organisation on \d{4}-\d{2}-\d{2}$/);
      expect(JSON.stringify(report)).not.toContain('Private title');
      expect(report.matches.length).toBeGreaterThan(0);
    });

    it('reads a text two colleagues submitted as one organisation document, and as mine when I submitted it too', async () => {
      for (const tool of ['writing-analysis', 'ai-detection'] as const) {
        const { client: colleague } = await newUser(t());
        expect((await run(colleague, { text: SOURCE, file_name: 'Their notes' }, tool)).status).toBe('succeeded');
      }
      const { client: student } = await newUser(t());
      const organisationOnly = await run(student, { text: ESSAY, sources: { organisation_documents: true } });
      const { report } = await reportOf(student, organisationOnly.history_id);
      expect(report.sources.map((source) => source.kind)).toEqual(['organisation_document']);
      expect(report.sources[0]).not.toHaveProperty('model_name');

      expect((await run(student, { text: SOURCE }, 'writing-analysis')).status).toBe('succeeded');
      const both = await run(student, { text: ESSAY, sources: { my_documents: true, organisation_documents: true } });
      const mine = (await reportOf(student, both.history_id)).report;
      expect(mine.sources).toEqual([expect.objectContaining({ kind: 'my_document', model_name: 'WRITING_ANALYSIS' })]);
    });
  });
});
