/**
 * `npm run migrate`: applies prisma/migrations to DATABASE_URL (deployments; `npm start` migrates by
 * itself). Records them in `_prisma_migrations` as `prisma migrate deploy` would (docs/adr/0002).
 */
import { applyMigrations } from '../server/src/db/migrator.ts';
import { MIGRATIONS_DIR } from '../server/src/main.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to the PostgreSQL database to migrate.');
  process.exit(2);
}
const result = await applyMigrations(url, MIGRATIONS_DIR, (line) => console.log(line));
console.log(
  result.applied.length === 0 ? `Up to date (${result.alreadyApplied} migrations).` : `Applied ${result.applied.length} migration(s).`,
);
