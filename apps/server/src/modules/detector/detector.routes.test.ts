import { randomUUID } from 'node:crypto';
import {
  errorBodySchema,
  HISTORY_CHILDREN_LISTED,
  historyDeleteResultSchema,
  historyDetailSchema,
  historyListSchema,
  modelCoefficientsSchema,
  type ServiceName,
  serviceNames,
  tokenBalanceSchema,
} from '@candor/contracts';
import { historyItems } from '@candor/db';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type TestClient, useTestApp } from '../../test/app.js';
import { describeOnEachDatabase } from '../../test/databases.js';
import { createHistoryRepository } from './index.js';

const HISTORY = '/api/detector/v2/ai-detector/user-history/';

const expectError = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
};

describeOnEachDatabase('detector', (database) => {
  const t = useTestApp(database);

  it("reports a new user's balance: the free plan's tokens", async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const response = await client.get('/api/detector/ai-detector/user-token-balance/');
    expect(response.statusCode).toBe(200);
    expect(tokenBalanceSchema.parse(response.json())).toEqual({
      token_balance: 0,
      plan_balance: 2000,
      referral_token_balance: 0,
    });
  });

  it('lists a coefficient for every service, in the contract order', async () => {
    const client = t().client();
    await signUpVerified(t(), client);
    const { items } = modelCoefficientsSchema.parse(
      (await client.get('/api/detector/ai-detector/model-coefficient-values')).json(),
    );
    expect(items.map((i) => i.model_name)).toEqual([...serviceNames]);
    expect(items.find((i) => i.model_name === 'VEXON')).toEqual({
      model_name: 'VEXON',
      coefficient: 10,
      unit: 'second',
    });
  });

  it('needs a session for every detector route', async () => {
    const client = await t().client().prime();
    for (const url of [
      '/api/detector/ai-detector/user-token-balance/',
      '/api/detector/ai-detector/model-coefficient-values',
      HISTORY,
      `${HISTORY}${randomUUID()}`,
    ]) {
      expectError(await client.get(url), 401, 'unauthenticated');
    }
    expectError(await client.request('DELETE', `${HISTORY}${randomUUID()}`), 401, 'unauthenticated');
    expectError(await client.post(`${HISTORY}delete`, { ids: [randomUUID()] }), 401, 'unauthenticated');
  });

  describe('history', () => {
    let owner: TestClient;
    let stranger: TestClient;
    let ownerId = '';
    let strangersItem = '';
    let parentId = '';
    let childId = '';
    const modelAt = (i: number): ServiceName =>
      (['AI_DETECTION', 'PLAGIARISM', 'VEXON'] as const)[i % 3] ?? 'AI_DETECTION';

    beforeAll(async () => {
      owner = t().client();
      stranger = t().client();
      ownerId = (await signUpVerified(t(), owner)).user.id;
      const strangerId = (await signUpVerified(t(), stranger)).user.id;
      const repo = createHistoryRepository(t().database.handle.db);
      const start = Date.now() - 3_600_000;
      // 25 runs a minute apart: item i is the i-th oldest.
      for (let i = 0; i < 25; i++) {
        const row = await repo.insert({
          userId: ownerId,
          modelName: modelAt(i),
          title: `Run ${i}`,
          cost: i,
          input: { text: `input ${i}` },
          result: { score: i / 25 },
          createdAt: new Date(start + i * 60_000),
        });
        if (i === 24) parentId = row.id;
      }
      for (let c = 0; c < 2; c++) {
        const child = await repo.insert({
          userId: ownerId,
          parentId,
          modelName: 'VEXON',
          title: `Part ${c}`,
          createdAt: new Date(start + 25 * 60_000 + c * 1000),
        });
        if (c === 0) childId = child.id;
      }
      const grandchild = await repo.insert({
        userId: ownerId,
        parentId: childId,
        modelName: 'VEXON',
        title: 'Segment',
      });
      expect(grandchild.parentId).toBe(childId);
      strangersItem = (await repo.insert({ userId: strangerId, modelName: 'AI_DETECTION', title: 'Not yours' })).id;
    });

    it('pages through top-level runs newest first, each with its children', async () => {
      const first = historyListSchema.parse((await owner.get(HISTORY)).json());
      expect(first.pagination).toEqual({ page: 1, per_page: 20, total: 25, total_pages: 2 });
      expect(first.items).toHaveLength(20);
      expect(first.items.map((i) => i.title).slice(0, 3)).toEqual(['Run 24', 'Run 23', 'Run 22']);
      const [newest] = first.items;
      expect(newest?.has_children).toBe(true);
      expect(newest?.children.map((c) => c.title)).toEqual(['Part 0', 'Part 1']);
      expect(newest?.children[0]?.children.map((c) => c.title)).toEqual(['Segment']);
      expect(newest?.children[1]).toMatchObject({ has_children: false, children: [] });
      expect(first.items.some((i) => i.history_id === strangersItem)).toBe(false);

      const second = historyListSchema.parse((await owner.get(`${HISTORY}?page=2&per_page=20`)).json());
      expect(second.items.map((i) => i.title)).toEqual(['Run 4', 'Run 3', 'Run 2', 'Run 1', 'Run 0']);
      const beyond = historyListSchema.parse((await owner.get(`${HISTORY}?page=9`)).json());
      expect(beyond.items).toEqual([]);
      expect(beyond.pagination.total).toBe(25);
    });

    it('lists only the first children of a run with thousands, says how many it has, and opens it with them all', async () => {
      const client = t().client();
      const userId = (await signUpVerified(t(), client)).user.id;
      const repo = createHistoryRepository(t().database.handle.db);
      const start = Date.now() - 3_600_000;
      const scan = await repo.insert({ userId, modelName: 'SITE_SCAN', title: 'Big site', result: { pages: [] } });
      const pages = HISTORY_CHILDREN_LISTED + 70;
      for (let c = 0; c < pages; c++) {
        await repo.insert({
          userId,
          parentId: scan.id,
          modelName: 'SITE_SCAN',
          title: `Page ${c}`,
          createdAt: new Date(start + c * 1000),
        });
      }
      const small = await repo.insert({ userId, modelName: 'REWRITE', title: 'Two versions' });
      // Written as a run writes its children: one statement, so one created_at, and each child's place given.
      await t()
        .database.handle.db.insert(historyItems)
        .values(
          ['Version 2', 'Version 1'].map((title) => ({
            userId,
            parentId: small.id,
            modelName: 'REWRITE',
            title,
            position: title === 'Version 1' ? 0 : 1,
          })),
        );
      const list = historyListSchema.parse((await client.get(HISTORY)).json());
      const listed = list.items.find((i) => i.history_id === scan.id);
      expect(listed?.children).toHaveLength(HISTORY_CHILDREN_LISTED);
      expect(listed?.children.map((c) => c.title).slice(0, 2)).toEqual(['Page 0', 'Page 1']);
      expect(listed).toMatchObject({ has_children: true, children_total: pages });
      const pair = list.items.find((i) => i.history_id === small.id);
      expect(pair).toMatchObject({ children_total: 2 });
      expect(pair?.children.map((c) => c.title)).toEqual(['Version 1', 'Version 2']);
      expect(pair?.children[0]).toMatchObject({ has_children: false, children_total: 0 });

      const detail = historyDetailSchema.parse((await client.get(`${HISTORY}${scan.id}`)).json());
      expect(detail.item.children).toHaveLength(pages);
      expect(detail.item.children_total).toBe(pages);
    });

    it('filters by one or several repeated model_names', async () => {
      const one = historyListSchema.parse((await owner.get(`${HISTORY}?model_names=VEXON&per_page=5`)).json());
      expect(one.pagination.total).toBe(8);
      expect(one.items.every((i) => i.model_name === 'VEXON')).toBe(true);
      const two = historyListSchema.parse(
        (await owner.get(`${HISTORY}?model_names=VEXON&model_names=PLAGIARISM`)).json(),
      );
      expect(two.pagination.total).toBe(16);
      expect(new Set(two.items.map((i) => i.model_name))).toEqual(new Set(['VEXON', 'PLAGIARISM']));
    });

    it('refuses pages past the limits and unknown service names', async () => {
      for (const query of ['per_page=21', 'page=0', 'page=abc', 'model_names=NOT_A_SERVICE']) {
        expectError(await owner.get(`${HISTORY}?${query}`), 400, 'validation_failed');
      }
    });

    it('opens one run with its input, result and children, and only for its owner', async () => {
      const response = await owner.get(`${HISTORY}${parentId}`);
      expect(response.statusCode).toBe(200);
      const detail = historyDetailSchema.parse(response.json());
      expect(detail.item).toMatchObject({ history_id: parentId, title: 'Run 24', cost: 24, has_children: true });
      expect(detail.input).toEqual({ text: 'input 24' });
      expect(detail.result).toEqual({ score: 24 / 25 });
      expect(detail.item.children).toHaveLength(2);

      expectError(await owner.get(`${HISTORY}${strangersItem}`), 404, 'not_found');
      expectError(await stranger.get(`${HISTORY}${parentId}`), 404, 'not_found');
      expectError(await owner.get(`${HISTORY}${randomUUID()}`), 404, 'not_found');
      expectError(await owner.get(`${HISTORY}not-a-uuid`), 404, 'not_found');
      expectError(await owner.get(`${HISTORY}${encodeURIComponent("1' OR '1'='1")}`), 404, 'not_found');
    });
  });

  describe('deleting history', () => {
    const seed = async (userId: string, title: string, children = 0) => {
      const repo = createHistoryRepository(t().database.handle.db);
      const parent = await repo.insert({ userId, modelName: 'WRITING_ANALYSIS', title });
      const kids = [];
      for (let c = 0; c < children; c++) {
        kids.push(
          await repo.insert({ userId, parentId: parent.id, modelName: 'WRITING_ANALYSIS', title: `${title}.${c}` }),
        );
      }
      return { id: parent.id, children: kids.map((k) => k.id) };
    };
    const titles = async (client: TestClient) =>
      historyListSchema.parse((await client.get(HISTORY)).json()).items.map((i) => i.title);

    it('deletes one run of the owner with its children, and 404s on the second try', async () => {
      const owner = t().client();
      const ownerId = (await signUpVerified(t(), owner)).user.id;
      const doomed = await seed(ownerId, 'Doomed', 2);
      await seed(ownerId, 'Kept');

      const response = await owner.request('DELETE', `${HISTORY}${doomed.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(historyDeleteResultSchema.parse(response.json())).toEqual({ deleted: 1 });
      expect(await titles(owner)).toEqual(['Kept']);
      for (const id of [doomed.id, ...doomed.children]) {
        expectError(await owner.get(`${HISTORY}${id}`), 404, 'not_found');
      }
      expectError(await owner.request('DELETE', `${HISTORY}${doomed.id}`), 404, 'not_found');
      expectError(await owner.request('DELETE', `${HISTORY}not-a-uuid`), 404, 'not_found');
    });

    it("never deletes another user's run: 404 for one, skipped in bulk", async () => {
      const owner = t().client();
      const stranger = t().client();
      const ownerId = (await signUpVerified(t(), owner)).user.id;
      await signUpVerified(t(), stranger);
      const mine = await seed(ownerId, 'Mine', 1);

      expectError(await stranger.request('DELETE', `${HISTORY}${mine.id}`), 404, 'not_found');
      expectError(await stranger.request('DELETE', `${HISTORY}${mine.children[0]}`), 404, 'not_found');
      const bulk = await stranger.post(`${HISTORY}delete`, { ids: [mine.id, ...mine.children] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(historyDeleteResultSchema.parse(bulk.json())).toEqual({ deleted: 0 });

      expect(await titles(owner)).toEqual(['Mine']);
      const detail = historyDetailSchema.parse((await owner.get(`${HISTORY}${mine.id}`)).json());
      expect(detail.item.children).toHaveLength(1);
    });

    it("deletes many of the owner's runs at once and counts only those it deleted", async () => {
      const owner = t().client();
      const stranger = t().client();
      const ownerId = (await signUpVerified(t(), owner)).user.id;
      const strangerId = (await signUpVerified(t(), stranger)).user.id;
      const a = await seed(ownerId, 'A', 2);
      const b = await seed(ownerId, 'B');
      await seed(ownerId, 'C');
      const theirs = await seed(strangerId, 'Theirs');

      const response = await owner.post(`${HISTORY}delete`, {
        ids: [a.id, b.id, b.id, theirs.id, randomUUID()],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(historyDeleteResultSchema.parse(response.json())).toEqual({ deleted: 2 });
      expect(await titles(owner)).toEqual(['C']);
      expectError(await owner.get(`${HISTORY}${a.children[0]}`), 404, 'not_found');
      expect(await titles(stranger)).toEqual(['Theirs']);
    });

    it('refuses a bulk delete that is empty, too large or not made of ids', async () => {
      const owner = t().client();
      await signUpVerified(t(), owner);
      const tooMany = Array.from({ length: 101 }, () => randomUUID());
      for (const body of [{ ids: [] }, { ids: tooMany }, { ids: ['not-a-uuid'] }, {}, { ids: 'x' }]) {
        expectError(await owner.post(`${HISTORY}delete`, body), 400, 'validation_failed');
      }
    });
  });
});
