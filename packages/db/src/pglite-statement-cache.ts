import {
  type messages,
  PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** Data statements with parameters are the ones the app repeats; DDL and one-off SQL take PGlite's own path. */
const CACHEABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/**
 * Statements kept per database, least recently used dropped first. The app has a few hundred distinct statements;
 * the bound is for texts that vary with their input (an `in (…)` list, a multi-row insert).
 */
const MAX_STATEMENTS = 1_000;
/** PostgreSQL's answer to a cached statement whose table changed shape ("cached plan must not change result type"). */
const FEATURE_NOT_SUPPORTED = '0A000';

interface PreparedStatement {
  name: string;
  /** The parameters' type OIDs, which say how each value is sent. */
  paramTypes: number[];
  /** The rows' columns (absent for a statement that returns none), read once instead of on every execution. */
  rowDescription: messages.RowDescriptionMessage | undefined;
}

const isDatabaseError = (error: unknown): error is messages.DatabaseError =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite with a prepared-statement cache, as postgres.js and pgx keep one per connection.
 *
 * PGlite runs PostgreSQL compiled to WebAssembly on the server's main thread, and `query` parses and plans every
 * statement anew in six protocol round trips: the ledger's locking read took 1.9 ms of CPU that way and 0.5 ms
 * prepared (bench/results/public-api.md has the whole call before and after). Here a parameterised data statement is parsed and described once, under a name,
 * and every later execution is one batch of Bind, Execute and Sync; PostgreSQL reuses the plan once it has seen that a
 * generic plan costs no more than custom ones. Results, type parsing and errors are PGlite's own.
 *
 * Drizzle calls only `query` and `transaction`, both kept here; everything else is PGlite's.
 */
export class CachingPGlite extends PGlite {
  readonly #statements = new Map<string, PreparedStatement>();
  readonly #linkedParsers = new WeakMap<object, PGlite['parsers']>();
  #nextName = 0;

  override async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#cacheable(query, params, options)) return super.query<T>(query, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(() => this.#execute<T>(query, params, options, false)),
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const ownQuery = tx.query.bind(tx);
      tx.query = <R>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (tx.closed || !this.#cacheable(query, params, options)) return ownQuery<R>(query, params, options);
        // The transaction holds the database; its statements only take turns with each other.
        return this._runExclusiveQuery(() => this.#execute<R>(query, params, options, true));
      };
      return callback(tx);
    });
  }

  #cacheable(query: string, params: unknown[], options: QueryOptions | undefined): boolean {
    return params.length > 0 && options?.blob === undefined && CACHEABLE.test(query);
  }

  async #execute<T>(
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const statement = this.#statements.get(query) ?? (await this.#prepare(query, options));
    // Most recently used last: the first entry is the one to drop.
    this.#statements.delete(query);
    this.#statements.set(query, statement);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const { messages } = await this.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        // Outside a transaction the statement has committed: the data directory is brought up to date, as PGlite does.
        { syncToFs: !inTransaction },
      );
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(described, this.#parsersFor(options), {
        ...options,
        parsers: undefined,
      })[0] as Results<T>;
    } catch (error) {
      if (isDatabaseError(error) && error.code === FEATURE_NOT_SUPPORTED && this.#statements.has(query)) {
        // Its table changed since it was prepared (a migration): prepare it again. Inside a transaction the error has
        // already aborted it, so only a lone statement is retried.
        await this.#forget(query);
        if (!inTransaction) return this.#execute<T>(query, params, options, inTransaction);
      }
      throw error;
    }
  }

  /**
   * The database's type parsers with the query's own in front. PGlite would copy all 300-odd of them into a new
   * object for every query that brings any (Drizzle's all do: about 0.15 ms each); a prototype link costs nothing.
   */
  #parsersFor(options: QueryOptions | undefined): PGlite['parsers'] {
    if (!options?.parsers) return this.parsers;
    // A prepared Drizzle query passes the same parsers on every run: they are linked once.
    let linked = this.#linkedParsers.get(options.parsers);
    if (!linked) {
      linked = Object.assign(Object.create(this.parsers), options.parsers) as PGlite['parsers'];
      this.#linkedParsers.set(options.parsers, linked);
    }
    return linked;
  }

  async #prepare(query: string, options: QueryOptions | undefined): Promise<PreparedStatement> {
    const name = `candor_${this.#nextName++}`;
    const evicted = this.#statements.size >= MAX_STATEMENTS ? this.#statements.keys().next().value : undefined;
    if (evicted !== undefined) await this.#forget(evicted);
    const { messages } = await this.execProtocol(
      concat([
        serialize.parse({ name, text: query, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription'),
    };
  }

  async #forget(query: string): Promise<void> {
    const statement = this.#statements.get(query);
    if (!statement) return;
    this.#statements.delete(query);
    await this.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }
}
