import { jobSnapshotSchema } from '@candor/contracts/tools';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { describeOnEachDatabase } from '../../../test/databases.js';
import { expectError, followToEnd, newUser } from '../../../test/tool-runs.js';
import { readBack } from './read-back.js';

const DETECTOR = '/api/detector';

const SOURCE = `Lighthouses were once kept by families who lived at the foot of the tower. Every evening the keeper climbed
the spiral stair, trimmed the wick and polished the great lens until it shone, because a smeared lens could hide the
light from a ship only a few miles out.`;

const ESSAY = `My grandmother grew up near the coast and still talks about the lighthouse she could see from her bedroom
window. Every evening the keeper climbed the spiral stair, trimmed the wick and polished the great lens until it shone,
she told me, and she swore she could hear him singing on calm nights. She moved inland when she married.`;

const runs = [
  { tool: 'ai-detection', body: { text: ESSAY, file_name: 'grandmother.txt' }, heading: 'AI Detector report' },
  {
    tool: 'humanized-detection',
    body: { text: ESSAY, file_name: 'grandmother.txt' },
    heading: 'Humanized Text Detector report',
  },
  {
    tool: 'plagiarism',
    body: {
      text: ESSAY,
      file_name: 'grandmother.txt',
      sources: { documents: [{ name: 'keepers.pdf', text: SOURCE }] },
    },
    heading: 'Copyright Detector report',
  },
] as const;

describeOnEachDatabase('detector PDF reports', (database) => {
  const t = useTestApp(database);

  for (const { tool, body, heading } of runs) {
    it(`downloads a stored ${tool} run as a PDF, for its owner only`, async () => {
      const { client } = await newUser(t());
      const started = await client.post(`${DETECTOR}/v1/tools/${tool}/jobs`, body);
      expect(started.statusCode, started.body).toBe(202);
      const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
      expect(last?.status, JSON.stringify(last?.error)).toBe('succeeded');
      const url = `${DETECTOR}/v1/tools/${tool}/reports/${last?.history_id}.pdf`;

      const pdf = await client.get(url);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // Named after the run (the file's name here), then the tool.
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename=grandmother-${tool}.pdf`);
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      const { text, info } = await readBack(pdf.rawPayload);
      expect(text).toContain(heading);
      expect(text).toContain('grandmother.txt');
      expect(text.replace(/\s+/g, ' ')).toContain('Every evening the keeper climbed the spiral stair');
      expect(info).toMatchObject({ Title: 'grandmother.txt', Author: 'Candor' });

      const { client: stranger } = await newUser(t());
      expectError(await stranger.get(url), 404, 'not_found');
      // A run is only exported by its own tool.
      const other = tool === 'plagiarism' ? 'ai-detection' : 'plagiarism';
      expectError(await client.get(`${DETECTOR}/v1/tools/${other}/reports/${last?.history_id}.pdf`), 404, 'not_found');
    });
  }

  it('names the PDF of a run with a title in any script, with an ASCII copy for old clients', async () => {
    const { client } = await newUser(t());
    const started = await client.post(`${DETECTOR}/v1/tools/ai-detection/jobs`, {
      text: ESSAY,
      file_name: 'Бабушка и маяк.txt',
    });
    const last = (await followToEnd(client, jobSnapshotSchema.parse(started.json()).job_id)).at(-1);
    const pdf = await client.get(`${DETECTOR}/v1/tools/ai-detection/reports/${last?.history_id}.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="???????-?-????-ai-detection.pdf"; filename*=UTF-8''${encodeURIComponent('бабушка-и-маяк-ai-detection.pdf')}`,
    );
  });
});
