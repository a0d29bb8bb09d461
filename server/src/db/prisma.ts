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

export function createPrisma(databaseUrl: string, options: PrismaOptions = {}): Db {
  const max = options.poolSize ?? 20;
  if (!options.onQuery) return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max }) });
  const onQuery = options.onQuery;
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
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
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

/**
 * Runs `work` in one database transaction. Serialization failures and deadlocks (which PostgreSQL asks
 * the client to retry) are retried a few times; everything else propagates.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(work, { maxWait: 10_000, timeout: 20_000 });
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
    }
  }
}

function isRetryable(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? '');
  return /40001|40P01|could not serialize|deadlock detected/i.test(text);
}
