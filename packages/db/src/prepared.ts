import type { Database } from './connection.js';

/** What a handle and a prepared query hold that Drizzle's types keep private: the connection they run on. */
interface Connected {
  client: unknown;
}
interface Handle {
  session: Connected;
}

/**
 * A hot query built once and then run with `sql.placeholder` values. Drizzle builds a query's SQL on every run,
 * walking its columns and conditions, which on the public API's path cost about as much CPU as PGlite spent running
 * the statement (bench/public-api.mjs, profiled); a prepared query keeps the built text and only fills in the values.
 *
 * One build serves every handle of a driver: the database and each transaction get the built query bound to their own
 * connection, so inside a transaction it runs in that transaction. Drizzle has no public way to run a prepared query
 * on another connection; the binding sets the `client` its prepared queries run on (drizzle-orm 0.45, both drivers),
 * and prepared.test.ts checks it on each.
 *
 * `build` should end in `.prepare('')`: unnamed, so PostgreSQL plans each run as before and a transaction-mode pooler
 * (PgBouncer) that can't keep named statements keeps working; PGlite's statement cache (pglite-statement-cache.ts)
 * reuses the plan by text.
 */
export function preparedQuery<Query extends object>(build: (db: Database) => Query): (db: Database) => Query {
  const builtByDriver = new WeakMap<object, Query>();
  return (db) => {
    const { session } = db as unknown as Handle;
    let built = builtByDriver.get(session.constructor);
    if (built === undefined) {
      built = build(db);
      if (!('client' in built)) throw new Error('preparedQuery: build must return a prepared query (.prepare(...))');
      builtByDriver.set(session.constructor, built);
    }
    const bound = Object.create(built) as Query & Connected;
    bound.client = session.client;
    return bound;
  };
}
