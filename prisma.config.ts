// Prisma 7 reads its settings here. Only `prisma generate` runs on this project's machines (the
// migrations are applied by scripts/migrate.ts); DATABASE_URL matters only to Prisma CLI commands
// run by hand against a server.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/escrow' },
});
