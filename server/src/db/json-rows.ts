/**
 * Rows that hand-written SQL returns as JSON (`to_jsonb(t)`, `jsonb_agg(…)`) turned into the objects
 * Prisma would have returned for the same rows, so both feed the same mapping to the wire. Each model's
 * description lists every one of its scalar fields with its kind; the type makes that list complete, so a
 * column added to schema.prisma fails the build here until the hand-written read carries it too.
 */

type Kind<V> = [NonNullable<V>] extends [bigint] ? 'bigint' : [NonNullable<V>] extends [Date] ? 'date' : 'plain';

/** Every field of a row (as Prisma returns it) with how its JSON value becomes the Prisma value. */
export type RowKinds<Row> = { readonly [K in keyof Row]-?: Kind<Row[K]> };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * One JSON row (column names as in PostgreSQL, snake_case) → the Prisma row. Bigint columns arrive as JSON
 * numbers: exact below 2^53 cents (90 trillion shillings).
 */
export function reviveRow<Row>(kinds: RowKinds<Row>, json: Record<string, unknown>): Row {
  const row: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(kinds) as [string, 'bigint' | 'date' | 'plain'][]) {
    const value = json[snakeCase(field)];
    if (value === undefined) throw new Error(`hand-written read: column ${snakeCase(field)} missing`);
    row[field] =
      value === null ? null : kind === 'bigint' ? BigInt(value as number | string) : kind === 'date' ? new Date(value as string) : value;
  }
  return row as Row;
}
