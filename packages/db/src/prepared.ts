import type { Database } from './connection.js';

/**
 * A hot query built once per database handle and then run with `sql.placeholder` values. Drizzle builds a query's SQL
 * on every run, walking its columns and conditions, which on the public API's path cost about as much CPU as PGlite
 * spent running the statement (bench/public-api.mjs, profiled); a prepared query keeps the built text and only fills
 * in the values.
 *
 * `build` should end in `.prepare('')`: unnamed, so PostgreSQL plans each run as before and a transaction-mode pooler
 * (PgBouncer) that can't keep named statements keeps working; PGlite's statement cache (pglite-statement-cache.ts)
 * reuses the plan by text. A transaction handle gets a query of its own, which runs inside it.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
