import { describe, expect, it } from 'vitest';
import { statementNames } from './prisma.ts';

describe('statementNames', () => {
  it('names a statement after its text, the same text the same name', () => {
    const nameOf = statementNames();
    const detail = 'SELECT "t0"."id" FROM "public"."transactions" AS "t0" WHERE ("t0"."id" = $1 AND 1=1) LIMIT $2';
    const name = nameOf({ sql: detail });
    expect(name).toMatch(/^p_[\w-]{27}$/);
    expect(nameOf({ sql: detail })).toBe(name);
    expect(nameOf({ sql: `${detail} ` })).not.toBe(name);
  });

  it('leaves pages of lists unnamed, so they are planned for their parameters', () => {
    const nameOf = statementNames();
    expect(
      nameOf({ sql: 'SELECT 1 FROM "public"."transactions" AS "t0" ORDER BY "t0"."created_at" DESC LIMIT $7 OFFSET $8' }),
    ).toBeUndefined();
  });
});
