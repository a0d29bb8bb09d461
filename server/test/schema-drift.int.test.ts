/**
 * Fails when prisma/schema.prisma and the database built by prisma/migrations disagree: tables, columns,
 * nullability, unique indexes and enum values (Prisma's DMMF against information_schema / pg_catalog).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/main.ts';
import { createTestDatabase } from './helpers.ts';

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: string;
  isRequired: boolean;
  isList: boolean;
  relationName?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: { name: string }[];
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: { name: string; dbName?: string | null; values: { name: string }[] }[]; indexes: DmmfIndex[] };
}

const require = createRequire(import.meta.url);
const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };
const schema = readFileSync(path.join(PROJECT_ROOT, 'prisma', 'schema.prisma'), 'utf8');
const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: schema }))) as Dmmf;

const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
const columnOf = (field: DmmfField) => field.dbName ?? field.name;
const scalarFields = (model: DmmfModel) => model.fields.filter((field) => field.kind !== 'object');

let client: pg.Client;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await drop?.();
});

describe('schema.prisma matches the migrated database', () => {
  it("has exactly the tables of the schema (plus Prisma's bookkeeping)", async () => {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const actual = rows
      .map((row) => row.table_name)
      .filter((name) => name !== '_prisma_migrations')
      .sort();
    expect(actual).toEqual(dmmf.datamodel.models.map(tableOf).sort());
  });

  it('has the columns of every model with the same nullability', async () => {
    const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    for (const model of dmmf.datamodel.models) {
      const columns = rows.filter((row) => row.table_name === tableOf(model));
      const expected = scalarFields(model)
        .map((field) => `${columnOf(field)}:${field.isRequired ? 'NO' : 'YES'}`)
        .sort();
      const actual = columns.map((row) => `${row.column_name}:${row.is_nullable}`).sort();
      expect(actual, `columns of ${tableOf(model)}`).toEqual(expected);
    }
  });

  it('has the unique indexes and primary keys of the schema', async () => {
    const { rows } = await client.query<{ table_name: string; columns: string[] }>(`
      SELECT t.relname AS table_name, array_agg(a.attname::text ORDER BY k.ordinality) AS columns
      FROM pg_index i
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE i.indisunique AND t.relname <> '_prisma_migrations'
      GROUP BY t.relname, i.indexrelid`);
    const actual = rows.map((row) => `${row.table_name}(${row.columns.join(',')})`).sort();
    const models = new Map(dmmf.datamodel.models.map((model) => [model.name, model]));
    const expected = dmmf.datamodel.indexes
      .filter((index) => index.type === 'id' || index.type === 'unique')
      .map((index) => {
        const model = models.get(index.model)!;
        const columns = index.fields.map((f) => columnOf(model.fields.find((field) => field.name === f.name)!));
        return `${tableOf(model)}(${columns.join(',')})`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has the enum types with the same values', async () => {
    const { rows } = await client.query<{ typname: string; labels: string[] }>(`
      SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`);
    const actual = Object.fromEntries(rows.map((row) => [row.typname, row.labels]));
    const expected = Object.fromEntries(dmmf.datamodel.enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.name)]));
    expect(actual).toEqual(expected);
  });

  it('records migrations the way prisma migrate deploy does', async () => {
    const { rows } = await client.query(
      `SELECT id, checksum, migration_name, finished_at, applied_steps_count, rolled_back_at FROM "_prisma_migrations"`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
      expect(row.rolled_back_at).toBeNull();
    }
  });
});
