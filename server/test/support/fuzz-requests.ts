/**
 * fast-check arbitraries for HTTP requests generated from an OpenAPI operation: values that follow the
 * documented schemas (so most requests get past validation and reach the handlers), and mutations of
 * them — unknown fields, dropped required fields, wrong types, huge strings, random JSON, malformed
 * JSON, wrong content types, oversized bodies, bad ids and garbage query values.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi.ts';

/** Who calls: a role with a valid token, nobody, or a broken credential. */
export type Caller = 'buyer' | 'seller' | 'both' | 'admin' | 'none' | 'garbage' | 'wrong_key' | 'tampered' | 'basic' | 'empty_bearer';

export type Mutation =
  | 'valid'
  | 'unknown_field'
  | 'drop_required'
  | 'wrong_type'
  | 'huge_string'
  | 'random_json'
  | 'bad_json'
  | 'wrong_content_type'
  | 'no_body'
  | 'too_large'
  | 'prototype_pollution';

export interface FuzzRequest {
  operation: Operation;
  method: string;
  path: Record<string, string>;
  query: string;
  caller: Caller;
  idempotencyKey?: string;
  contentType?: string;
  payload?: string;
  mutation: Mutation;
  /** True when the request is invalid in a way the server must refuse (4xx), whatever the handler does. */
  isInvalid: boolean;
}

export interface FuzzPools {
  /** Ids that exist, of a kind (`transactions`, `payments`, `users`, … or `any`): see idKind. */
  ids: (kind: string) => string[];
  /** Path parameter values by name for non-id parameters (e.g. the callback secret). */
  named: Record<string, string[]>;
  /**
   * Known-good bodies by `METHOD /path` (refinements a JSON schema cannot express: matching passwords,
   * whole shillings, plan terms). The fuzz sends them, and mutations of them, beside generated ones.
   */
  examples: Record<string, fc.Arbitrary<unknown>>;
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '../../etc/passwd',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '%00',
  '%',
  '\uD800',
  '🙂🙃',
  'ñandú',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '   1500.00   ',
  '1,500.00',
  '1500.001',
  '-1',
  '9'.repeat(40),
  'null',
  'true',
  '[]',
  '{}',
];

const HUGE = 'A'.repeat(100_000);

/** encodeURIComponent that also takes lone surrogates (sent as the invalid UTF-8 they would be). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string) =>
  text
    .split(LONE_SURROGATE)
    .map((part) => encodeURIComponent(part))
    .join('%ED%A0%80');

function typesOf(schema: JsonSchema): string[] {
  if (schema.const !== undefined) return [jsonType(schema.const)];
  if (schema.enum) return [...new Set(schema.enum.map(jsonType))];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.flatMap(typesOf))];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type === 'integer' ? 'number' : schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const clamp = (value: number | undefined, low: number, high: number, fallback: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : Math.min(high, Math.max(low, value));

/**
 * What an id names, from where it sits: the path segment before `{id}` (`/api/admin/users/{id}` →
 * `users`), or the field name (`transaction_id` → `transactions`, `evidenceId` → `evidence`).
 */
export function idKind(name: string, path = ''): string {
  if (/^evidence/i.test(name)) return 'evidence';
  if (name === 'id') return /\/([a-z-]+)\/\{id\}/.exec(path)?.[1] ?? 'any';
  const stem = name.replace(/_?id$/i, '');
  return stem ? `${stem.replace(/_/g, '-')}s` : 'any';
}

/** A value that follows `schema` (best effort: patterns and formats included, refinements not). */
export function valueFor(schema: JsonSchema, pools: FuzzPools, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  // The documented example is the likeliest valid value (a phone, an amount): use it often.
  const examples = schema.example !== undefined ? [schema.example] : [];
  const withExamples = (base: fc.Arbitrary<unknown>) =>
    examples.length ? fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 2 }, { arbitrary: base, weight: 1 }) : base;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return withExamples(fc.oneof(...alternatives.map((alternative) => valueFor(alternative, pools, name, depth + 1))));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf) as JsonSchema, pools, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? (schema.properties ? 'object' : undefined));

  switch (type) {
    case 'string': {
      const isIdLike = schema.format === 'uuid' || /(^|_)id$/.test(name);
      const known = isIdLike ? pools.ids(idKind(name)) : [];
      if (known.length) return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: fc.uuid(), weight: 1 });
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return withExamples(fc.emailAddress());
      if (schema.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      const maxLength = clamp(schema.maxLength, 0, 200, 40);
      const minLength = clamp(schema.minLength, 0, maxLength, 0);
      if (schema.pattern) {
        try {
          const pattern = new RegExp(schema.pattern);
          return withExamples(
            fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, minLength)),
          );
        } catch {
          // An ECMAScript-incompatible pattern: fall through to plain strings.
        }
      }
      if (/phone/.test(name))
        return withExamples(
          fc.oneof(fc.constantFrom('0722123456', '254711000202', '+254733000003', '0110000004'), fc.string({ maxLength: 20 })),
        );
      return withExamples(
        fc.oneof(
          { arbitrary: fc.string({ minLength, maxLength }), weight: 4 },
          { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
          { arbitrary: fc.constantFrom(...NASTY_STRINGS).filter((s) => s.length >= minLength && s.length <= maxLength), weight: 1 },
        ),
      );
    }
    case 'integer': {
      const min = clamp(schema.minimum, -1_000_000, 1_000_000, -1000);
      const max = clamp(schema.maximum, min, 10_000_000, Math.max(min, 1_000_000));
      // Small values are the likeliest to mean something (pages, months, limits).
      const small = fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 30), Math.max(min, 0)) });
      return withExamples(fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 }));
    }
    case 'number': {
      const min = clamp(schema.minimum, -1_000_000, 1_000_000, -1000);
      const max = clamp(schema.maximum, min, 10_000_000, Math.max(min, 1_000_000));
      return withExamples(
        fc.oneof(
          fc.integer({ min, max }),
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100),
        ),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxLength = clamp(schema.maxItems, 0, 4, 3);
      return fc.array(valueFor(schema.items ?? {}, pools, name, depth + 1), {
        minLength: clamp(schema.minItems, 0, maxLength, 0),
        maxLength,
      });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (!properties.length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const required = (schema.required ?? []).filter((key) => schema.properties?.[key]);
      const all = fc.record(Object.fromEntries(properties.map(([key, value]) => [key, valueFor(value, pools, key, depth + 1)])), {
        requiredKeys: required,
      });
      if (!required.length) return all;
      // Optional fields often carry rules a schema cannot show: also send the required ones alone.
      const requiredOnly = fc.record(
        Object.fromEntries(required.map((key) => [key, valueFor(schema.properties![key]!, pools, key, depth + 1)])),
      );
      return fc.oneof(all, requiredOnly);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A JSON value of a type the schema does not allow (so the field must be refused, coercion or not). */
function wrongValueFor(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const allowed = typesOf(schema);
  if (!allowed.length) return null;
  // {} fails every string, number, integer, enum, array and boolean schema, coerced or not.
  const candidates: unknown[] = [{ unexpected: true }];
  if (!allowed.includes('string') && !allowed.includes('number') && !allowed.includes('boolean')) candidates.push('not-a-value', 42);
  if (allowed.includes('object')) return null;
  return fc.constantFrom(...candidates);
}

function queryArbitrary(operation: Operation, pools: FuzzPools): fc.Arbitrary<{ query: string; isInvalid: boolean }> {
  const params = operation.queryParams;
  const valid = fc.record(Object.fromEntries(params.map((p) => [p.name, valueFor(p.schema, pools, p.name)])), {
    requiredKeys: params.filter((p) => p.required).map((p) => p.name),
  });
  const encodeQuery = (values: Record<string, unknown>) =>
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
      .join('&');
  const garbage = fc.oneof(
    fc.constant('%'),
    fc.constant('a=%zz&b=%'),
    fc.constant(`page=${'9'.repeat(30)}&per_page=-5`),
    fc.constant('per_page=1e3&page=NaN'),
    fc.constant(`search=${HUGE.slice(0, 5000)}`),
    fc.constant('status[]=pending&status[]=funded'),
    fc.constant('__proto__[x]=1&constructor[prototype][y]=2'),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }), { maxKeys: 4 }).map(encodeQuery),
  );
  const mutated = params.length
    ? fc
        .tuple(valid, fc.constantFrom(...params), fc.constantFrom('x'.repeat(300), '-1', 'NaN', '{}', '', '%00', '1.5e999', 'true'))
        .map(([values, param, bad]) => ({
          query: encodeQuery({ ...values, [param.name]: bad }),
          isInvalid: false,
        }))
    : garbage.map((query) => ({ query, isInvalid: false }));
  return fc.oneof(
    { arbitrary: valid.map((values) => ({ query: encodeQuery(values), isInvalid: false })), weight: 6 },
    { arbitrary: mutated, weight: 2 },
    { arbitrary: garbage.map((query) => ({ query, isInvalid: false })), weight: 1 },
  );
}

function pathArbitrary(operation: Operation, pools: FuzzPools): fc.Arbitrary<{ values: Record<string, string>; isInvalid: boolean }> {
  if (!operation.pathParams.length) return fc.constant({ values: {}, isInvalid: false });
  const perParam = operation.pathParams.map((param) => {
    const known = pools.named[param.name] ?? (param.schema.format === 'uuid' ? pools.ids(idKind(param.name, operation.path)) : []);
    const good = known.length ? fc.constantFrom(...known) : fc.uuid();
    const bad = fc.constantFrom(
      'not-a-uuid',
      '1',
      '0',
      '-1',
      "1' OR '1'='1",
      '../admin',
      'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
      '00000000-0000-0000-0000-000000000000',
      'x'.repeat(190),
      '🙂',
    );
    return fc
      .oneof(
        { arbitrary: good.map((value) => ({ value, isInvalid: false })), weight: 6 },
        { arbitrary: fc.uuid().map((value) => ({ value, isInvalid: false })), weight: 1 },
        {
          arbitrary: bad.map((value) => ({
            value,
            isInvalid: param.schema.format === 'uuid' && value !== '00000000-0000-0000-0000-000000000000',
          })),
          weight: 2,
        },
      )
      .map((choice) => [param.name, choice] as const);
  });
  return fc.tuple(...perParam).map((entries) => ({
    values: Object.fromEntries(entries.map(([name, choice]) => [name, choice.value])),
    isInvalid: entries.some(([, choice]) => choice.isInvalid),
  }));
}

interface BodyChoice {
  mutation: Mutation;
  contentType?: string;
  payload?: string;
  isInvalid: boolean;
}

function encodeForm(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `value=${encode(JSON.stringify(value) ?? '')}`;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, field]) => `${encode(key)}=${encode(typeof field === 'string' ? field : JSON.stringify(field))}`)
    .join('&');
}

function encodeMultipart(value: unknown, boundary: string, withFile: Buffer | null): string {
  const fields =
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>)
      : [['value', value] as const];
  const parts = fields.map(
    ([key, field]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof field === 'string' ? field : JSON.stringify(field)}\r\n`,
  );
  if (withFile) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n${withFile.toString('latin1')}\r\n`,
    );
  }
  return `${parts.join('')}--${boundary}--\r\n`;
}

function bodyArbitrary(operation: Operation, pools: FuzzPools): fc.Arbitrary<BodyChoice> {
  const body = operation.body;
  if (!body) {
    // No documented body: an unexpected one must not hurt (ignored, or refused as the wrong type).
    return fc.oneof(
      { arbitrary: fc.constant<BodyChoice>({ mutation: 'valid', isInvalid: false }), weight: 8 },
      {
        arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value): BodyChoice => ({
          mutation: 'random_json',
          contentType: 'application/json',
          payload: JSON.stringify(value) ?? 'null',
          isInvalid: false,
        })),
        weight: 1,
      },
      {
        arbitrary: fc
          .constantFrom('{', '{"a":}', '\u0000')
          .map((payload): BodyChoice => ({ mutation: 'bad_json', contentType: 'application/json', payload, isInvalid: false })),
        weight: 1,
      },
    );
  }
  const schema = body.schema;
  const isJson = body.contentTypes.some((type) => type.includes('json'));
  const isForm = !isJson && body.contentTypes.some((type) => type.includes('x-www-form-urlencoded'));
  const isMultipart = body.contentTypes.some((type) => type.includes('multipart/form-data'));
  const required = (schema.required ?? []).filter((key) => schema.properties?.[key]);
  const hasRequiredBody = body.isRequired && required.length > 0;
  const example = pools.examples[`${operation.method} ${operation.path}`];
  const validValue = example
    ? fc.oneof({ arbitrary: example, weight: 2 }, { arbitrary: valueFor(schema, pools), weight: 1 })
    : valueFor(schema, pools);
  const encodeBody = (value: unknown): { contentType: string; payload: string } => {
    if (isJson) return { contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' };
    if (isForm) return { contentType: 'application/x-www-form-urlencoded', payload: encodeForm(value) };
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: encodeMultipart(value, boundary, null) };
  };
  const asObject = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

  const choices: { arbitrary: fc.Arbitrary<BodyChoice>; weight: number }[] = [
    { arbitrary: validValue.map((value): BodyChoice => ({ mutation: 'valid', ...encodeBody(value), isInvalid: false })), weight: 10 },
    {
      arbitrary: fc
        .tuple(validValue, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .map(([value, key, extra]): BodyChoice => ({
          mutation: 'unknown_field',
          ...encodeBody({ ...asObject(value), [`x_${key}`]: extra }),
          isInvalid: false,
        })),
      weight: 2,
    },
    {
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value): BodyChoice => ({ mutation: 'random_json', ...encodeBody(value), isInvalid: false })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(
          '{',
          '{"a":1,}',
          'nul',
          '\u0000',
          '{"amount": 1e}',
          "{'single': 'quotes'}",
          '[1,2',
          '"unterminated',
          '{"a":"\\uZZZZ"}',
        )
        .map((payload): BodyChoice => ({ mutation: 'bad_json', contentType: 'application/json', payload, isInvalid: isJson })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          validValue,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'image/png',
            'application/json; charset=utf-16',
            'text/html',
          ),
        )
        .map(([value, contentType]): BodyChoice => ({
          mutation: 'wrong_content_type',
          contentType,
          payload: JSON.stringify(value) ?? 'null',
          // JSON declared in another charset is still parsed as JSON (Fastify ignores the charset).
          isInvalid: hasRequiredBody && !contentType.startsWith('application/json'),
        })),
      weight: 2,
    },
    {
      arbitrary: fc.constant<BodyChoice>({ mutation: 'no_body', isInvalid: hasRequiredBody }),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}')
        .map((payload): BodyChoice => ({
          mutation: 'prototype_pollution',
          contentType: 'application/json',
          payload,
          isInvalid: isJson && hasRequiredBody,
        })),
      weight: 1,
    },
  ];
  if (required.length) {
    choices.push({
      arbitrary: fc.tuple(validValue, fc.constantFrom(...required)).map(([value, key]): BodyChoice => {
        const copy = { ...asObject(value) };
        delete copy[key];
        return { mutation: 'drop_required', ...encodeBody(copy), isInvalid: isJson };
      }),
      weight: 2,
    });
  }
  const mutable = Object.entries(schema.properties ?? {})
    .map(([key, property]) => ({ key, wrong: wrongValueFor(property), isRequired: required.includes(key) }))
    .filter((entry): entry is { key: string; wrong: fc.Arbitrary<unknown>; isRequired: boolean } => entry.wrong !== null);
  if (mutable.length && isJson) {
    choices.push({
      arbitrary: fc.tuple(validValue, fc.constantFrom(...mutable)).chain(([value, entry]) =>
        entry.wrong.map((wrong): BodyChoice => ({
          mutation: 'wrong_type',
          ...encodeBody({ ...asObject(value), [entry.key]: wrong }),
          // A required field of the wrong type must be refused; an optional one may be ignored (a JSON
          // evidence statement has no `file`, which only multipart uploads carry).
          isInvalid: entry.isRequired,
        })),
      ),
      weight: 3,
    });
  }
  const bounded = Object.entries(schema.properties ?? {}).filter(([, property]) => typesOf(property).includes('string'));
  if (bounded.length) {
    choices.push({
      arbitrary: fc.tuple(validValue, fc.constantFrom(...bounded)).map(([value, [key, property]]): BodyChoice => {
        const isOnlyString = typesOf(property).length === 1 && !property.enum;
        return {
          mutation: 'huge_string',
          ...encodeBody({ ...asObject(value), [key]: HUGE }),
          isInvalid: isJson && isOnlyString && property.maxLength !== undefined,
        };
      }),
      weight: 1,
    });
  }
  if (isJson || isMultipart) {
    choices.push({
      arbitrary: fc.constant<BodyChoice>({
        mutation: 'too_large',
        contentType: 'application/json',
        payload: JSON.stringify({ blob: 'B'.repeat(1_100_000) }),
        isInvalid: true,
      }),
      weight: 1,
    });
  }
  return fc.oneof(...choices);
}

const CALLERS: { arbitrary: fc.Arbitrary<Caller>; weight: number }[] = [
  { arbitrary: fc.constant<Caller>('buyer'), weight: 7 },
  { arbitrary: fc.constant<Caller>('seller'), weight: 5 },
  { arbitrary: fc.constant<Caller>('both'), weight: 2 },
  { arbitrary: fc.constant<Caller>('admin'), weight: 6 },
  { arbitrary: fc.constant<Caller>('none'), weight: 2 },
  { arbitrary: fc.constantFrom<Caller>('garbage', 'wrong_key', 'tampered', 'basic', 'empty_bearer'), weight: 2 },
];

export function requestArbitrary(operation: Operation, pools: FuzzPools): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathArbitrary(operation, pools),
      query:
        operation.queryParams.length || operation.method === 'GET'
          ? queryArbitrary(operation, pools)
          : fc.constant({ query: '', isInvalid: false }),
      body:
        operation.method === 'GET' || operation.method === 'DELETE'
          ? fc.constant<BodyChoice>({ mutation: 'valid', isInvalid: false })
          : bodyArbitrary(operation, pools),
      caller: fc.oneof(...CALLERS),
      idempotencyKey: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        { arbitrary: fc.uuid(), weight: 1 },
        { arbitrary: fc.constantFrom('bad key with spaces', '', 'k'.repeat(300)), weight: 1 },
      ),
    })
    .map(({ path, query, body, caller, idempotencyKey }) => ({
      operation,
      method: operation.method,
      path: path.values,
      query: query.query,
      caller,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      ...(body.contentType ? { contentType: body.contentType } : {}),
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      mutation: body.mutation,
      isInvalid: path.isInvalid || body.isInvalid,
    }));
}
