import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachingPGlite } from './pglite-statement-cache.js';

// The cached path must answer exactly as PGlite's own `query` does: the two run side by side on the same statements.
describe('CachingPGlite', () => {
  let cached: CachingPGlite;
  let plain: PGlite;
  const schema = `
    create table items (
      id serial primary key,
      name text not null unique,
      tags text[] not null default '{}',
      data jsonb,
      at timestamptz not null default '2026-01-02T03:04:05Z',
      amount numeric
    )`;

  beforeAll(async () => {
    cached = new CachingPGlite();
    plain = new PGlite();
    await cached.exec(schema);
    await plain.exec(schema);
  });
  afterAll(async () => {
    await cached.close();
    await plain.close();
  });

  const both = async (query: string, params: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const [a, b] = [await cached.query(query, params, options), await plain.query(query, params, options)];
    expect(a).toEqual(b);
    return a;
  };

  it('answers as PGlite does: rows, fields, counts, types and nulls, in object and array mode', async () => {
    const insert = 'insert into items (name, tags, data, amount) values ($1, $2, $3, $4) returning *';
    for (let i = 0; i < 8; i++) {
      await both(insert, [`item ${i}`, ['a', `t${i}`], { i, nested: [i, null] }, i % 2 ? null : '1.50']);
    }
    const select = 'select id, name, tags, data, at, amount from items where id > $1 order by id';
    for (let i = 0; i < 8; i++) {
      const result = await both(select, [i]);
      expect(result.rows).toHaveLength(8 - i);
    }
    const asArrays = await both(select, [6], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value: string) => `raw ${value}` },
    });
    expect(asArrays.rows[0]).toEqual([
      7,
      'item 6',
      ['a', 't6'],
      { i: 6, nested: [6, null] },
      expect.any(String),
      '1.50',
    ]);
    expect(String((asArrays.rows[0] as unknown[])[4])).toMatch(/^raw 2026-01-02/);
    expect((await both('update items set amount = $1 where id <= $2', [2, 3])).affectedRows).toBe(3);
    expect((await both('delete from items where id = $1', [8])).affectedRows).toBe(1);
  });

  it('reports a statement error with its code and stays usable, also for the statement that failed', async () => {
    const insert = 'insert into items (name) values ($1)';
    await cached.query(insert, ['unique one']);
    await expect(cached.query(insert, ['unique one'])).rejects.toMatchObject({ code: '23505' });
    await expect(cached.query('select nonsense from items where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    await cached.query(insert, ['unique two']);
    const found = await cached.query('select count(*)::int as n from items where name like $1', ['unique %']);
    expect(found.rows).toEqual([{ n: 2 }]);
  });

  it('keeps transactions whole: a rollback undoes cached statements, a commit keeps them', async () => {
    const insert = 'insert into items (name) values ($1)';
    const count = async () =>
      (await cached.query<{ n: number }>('select count(*)::int as n from items where name like $1', ['tx %'])).rows[0]
        ?.n;
    await expect(
      cached.transaction(async (tx) => {
        await tx.query(insert, ['tx rolled back']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count()).toBe(0);
    // A failing statement inside aborts the transaction, as it would uncached.
    await expect(
      cached.transaction(async (tx) => {
        await tx.query(insert, ['tx duplicate']);
        await tx.query(insert, ['tx duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(0);
    await cached.transaction(async (tx) => {
      await tx.query(insert, ['tx kept']);
    });
    expect(await count()).toBe(1);
  });

  it('never lets a statement from outside run inside another flow’s transaction', async () => {
    await cached.exec('create table counters (id int primary key, n int not null); insert into counters values (1, 0)');
    const read = 'select n from counters where id = $1';
    // Each transaction reads and writes back n + 1 across an await: any interleaving would lose an increment.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? cached.transaction(async (tx) => {
              const n = (await tx.query<{ n: number }>(read, [1])).rows[0]?.n ?? 0;
              await new Promise((resolve) => setTimeout(resolve, 1));
              await tx.query('update counters set n = $1 where id = $2', [n + 1, 1]);
            })
          : cached.query(read, [1]),
      ),
    );
    expect((await cached.query(read, [1])).rows).toEqual([{ n: 10 }]);
  });

  it('prepares a statement again when its table changes shape', async () => {
    await cached.exec('create table shapes (id int, a text); insert into shapes values (1, $$x$$)');
    const select = 'select * from shapes where id = $1';
    expect((await cached.query(select, [1])).rows).toEqual([{ id: 1, a: 'x' }]);
    await cached.exec('alter table shapes add column b text');
    expect((await cached.query(select, [1])).rows).toEqual([{ id: 1, a: 'x', b: null }]);
  });

  it('keeps working past its bound on statements, dropping the least recently used', async () => {
    for (let i = 0; i < 1_050; i++) {
      const result = await cached.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(result.rows[0]?.v).toBe(i + 1);
    }
    const prepared = await cached.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where name like $1',
      ['candor%'],
    );
    // More than that many texts ran; exactly the bound is kept (the count's own statement is one of them).
    expect(prepared.rows[0]?.n).toBe(1_000);
  });
});
