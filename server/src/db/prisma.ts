import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, Prisma } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;
export { Prisma };

export function createPrisma(databaseUrl: string, poolSize = 20): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
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
