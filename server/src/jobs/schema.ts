/**
 * graphile-worker's own schema (`graphile_worker`), installed and upgraded by its own migrations. They
 * ship inside the npm package: no network, and the database owner the app connects as is enough.
 */
import { Logger, runMigrations } from 'graphile-worker';

/** graphile-worker's log lines, dropped (the migrator reports what it did in its own words). */
export const silentWorkerLogger = new Logger(() => () => {});

export async function installJobQueueSchema(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: silentWorkerLogger });
}
