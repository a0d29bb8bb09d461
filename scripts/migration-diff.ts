/**
 * Prints the SQL that takes the database from one schema.prisma to another, offline.
 *
 *   npm run migration:diff -- [--from <file|git-rev|empty>] [--name add_thing]
 *
 * Prisma 7's CLI needs a native schema engine it cannot download here; Prisma 6.19's WebAssembly engine
 * works through a driver adapter (docs/adr/0002-own-migrator.md). `--from` defaults to the schema at git
 * HEAD. With `--name`, the SQL is written to prisma/migrations/<timestamp>_<name>/migration.sql.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.ts';
import { projectRoot } from './lib/paths.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, name: { type: 'string' } } });
const schemaPath = path.join(projectRoot, 'prisma', 'schema.prisma');
const work = mkdtempSync(path.join(tmpdir(), 'migration-diff-'));

function forPrisma6(source: string): string {
  return source
    .replace(/generator client \{[^}]*\}/s, '')
    .replace(/provider = "postgresql"/, 'provider = "postgresql"\n  url      = env("DATABASE_URL")');
}

function readFrom(spec: string | undefined): string | null {
  if (spec === 'empty') return null;
  if (spec && existsSync(spec)) return readFileSync(spec, 'utf8');
  return execFileSync('git', ['show', `${spec ?? 'HEAD'}:prisma/schema.prisma`], { cwd: projectRoot }).toString();
}

const from = readFrom(values.from);
writeFileSync(path.join(work, 'to.prisma'), forPrisma6(readFileSync(schemaPath, 'utf8')));
if (from !== null) writeFileSync(path.join(work, 'from.prisma'), forPrisma6(from));

let databaseUrl = process.env.DATABASE_URL;
const cluster = databaseUrl ? null : await startEmbeddedPostgres({ baseDir: path.join(work, 'pg'), persistent: false });
databaseUrl ??= cluster!.url('postgres');

writeFileSync(
  path.join(work, 'prisma.config.mjs'),
  `import { PrismaPg } from ${JSON.stringify(path.join(projectRoot, 'node_modules/@prisma/adapter-pg-v6/dist/index.mjs'))};
export default {
  experimental: { adapter: true },
  engine: 'js',
  schema: './to.prisma',
  adapter: async () => new PrismaPg({ connectionString: ${JSON.stringify(databaseUrl)} }),
};
`,
);

const anyFile = process.execPath;
const result = spawnSync(
  process.execPath,
  [
    path.join(projectRoot, 'node_modules/prisma6/build/index.js'),
    'migrate',
    'diff',
    '--config',
    './prisma.config.mjs',
    ...(from === null ? ['--from-empty'] : ['--from-schema-datamodel', './from.prisma']),
    '--to-schema-datamodel',
    './to.prisma',
    '--script',
  ],
  {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, PRISMA_SCHEMA_ENGINE_BINARY: anyFile, PRISMA_QUERY_ENGINE_LIBRARY: anyFile },
  },
);
await cluster?.stop();
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(result.status ?? 1);
}
const sql = result.stdout;
if (values.name) {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = path.join(projectRoot, 'prisma', 'migrations', `${stamp}_${values.name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'migration.sql'), sql);
  console.log(`wrote ${path.relative(projectRoot, dir)}/migration.sql`);
} else {
  process.stdout.write(sql);
}
