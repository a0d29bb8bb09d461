import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, Prisma } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;
export { Prisma };

export interface PrismaOptions {
  poolSize?: number;
  /**
   * Called with every SQL statement sent to PostgreSQL, BEGIN and COMMIT included, and a number naming
   * the pooled connection it went over (tests count round trips and check transaction boundaries).
   */
  onQuery?: (query: { sql: string; connection: number }) => void;
}

/** Distinct SQL texts given a statement name; beyond it, new texts run unnamed (the cache stays bounded). */
const MAX_NAMED_STATEMENTS = 2000;

/**
 * A page of a list (`findMany` with take/skip ends in `LIMIT $n OFFSET $m`): its best plan depends on how
 * many rows stand behind the page, which a generic plan cannot know. Measured: a busy seller's list of
 * completed sales ran in 0.7 ms with a plan made for its parameters and 90 ms with the generic plan,
 * which joined the parties and latest event of all 2,700 matches before keeping 10.
 */
const PAGE_QUERY = /\bLIMIT \$\d+ OFFSET \$\d+\s*$/;

/**
 * Named statements, so pg prepares each distinct SQL text once per connection and PostgreSQL stops
 * parsing and planning it on every call: the transaction detail read (relation joins) takes 0.5–3 ms
 * to plan and under 0.2 ms to run (docs/QUALITY.md). The name is a hash of the text. Pages of lists stay
 * unnamed (planned for their parameters each time). A pooler in front of PostgreSQL must keep sessions
 * (PgBouncer: session mode, or max_prepared_statements > 0).
 */
export function statementNames(): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return (query) => {
    let name = names.get(query.sql);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS && !PAGE_QUERY.test(query.sql)) {
      name = `p_${createHash('sha1').update(query.sql).digest('base64url')}`;
      names.set(query.sql, name);
    }
    return name as string; // undefined: an unnamed statement
  };
}

const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool under a client made by `createPrisma` (metrics read how busy it is). */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/**
 * Runs one hand-written statement: inside `tx` when given; else on the pool under `db`, prepared once per
 * connection under `name` (the hot paths: docs/adr/0012-hot-paths.md), or through Prisma when `db` has no
 * pool (a client made elsewhere). Casts in the SQL keep the parameters' types the same either way.
 */
export async function queryRows<Row>(db: Db, statement: { name: string; text: string; values: unknown[] }, tx?: Tx): Promise<Row[]> {
  const pool = tx ? undefined : poolOf(db);
  if (pool) return (await pool.query({ name: statement.name, text: statement.text, values: statement.values })).rows as Row[];
  return (tx ?? db).$queryRawUnsafe<Row[]>(statement.text, ...statement.values);
}

export function createPrisma(databaseUrl: string, options: PrismaOptions = {}): Db {
  const max = options.poolSize ?? 20;
  const adapterOptions = { statementNameGenerator: statementNames() };
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  if (options.onQuery) {
    const onQuery = options.onQuery;
    let connections = 0;
    pool.on('connect', (client) => {
      const connection = ++connections;
      const send = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text?: string };
        onQuery({ sql: typeof first === 'string' ? first : (first?.text ?? ''), connection });
        return send(...args);
      };
    });
  }
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { ...adapterOptions, disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/**
 * Runs `work` in one database transaction. Serialization failures and deadlocks (which PostgreSQL asks
 * the client to retry) are retried a few times; everything else propagates.
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  return retryingConflicts(() => db.$transaction(work, { maxWait: 10_000, timeout: 20_000 }), attempts);
}

/**
 * Runs `work` (one whole database transaction) again when PostgreSQL rolled it back and asks the client
 * to retry: a serialization failure or a deadlock. A few times; everything else propagates.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? '');
  return /40001|40P01|could not serialize|deadlock detected/i.test(text);
}
