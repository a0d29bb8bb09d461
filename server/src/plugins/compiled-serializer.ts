/**
 * Response bodies written by code compiled from each route's response schema (fast-json-stringify, what
 * Fastify does for JSON-schema routes), instead of a zod pass over the answer followed by JSON.stringify.
 * The zod schema stays the one description of the wire: it is turned into JSON Schema (`z.toJSONSchema`,
 * output side) when the route first answers with that status. Keys the schema does not list are left out,
 * as zod left them out. A schema JSON Schema cannot express (a transform, a codec) keeps the zod serializer.
 * docs/adr/0012-hot-paths.md.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * `additionalProperties: false` (zod's strip) removed everywhere: fast-json-stringify leaves unlisted keys
 * out anyway, and inside a `nullable` (anyOf) it would make a value with more keys than the wire match no
 * branch at all, where zod stripped them.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = withoutClosedObjects(value);
  }
  return copy;
}

/** The JSON Schema of what `schema` outputs, every part inline (no $ref), or null when it has none. */
export function outputJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      // Ids and descriptions belong to the API document, not to the serializer.
      metadata: z.registry(),
    });
    return withoutClosedObjects(jsonSchema) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The compiled writer of `schema`'s output, or null when JSON Schema cannot express it. */
export function compileSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  const jsonSchema = outputJsonSchema(schema);
  return jsonSchema ? fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) : null;
}

function compile(routeSchema: RouteSchema): (data: unknown) => string {
  const schema = routeSchema.schema as unknown;
  return (schema instanceof z.ZodType && compileSerializer(schema)) || zodSerializerCompiler(routeSchema);
}

/** Compiles each route's serializer on its first answer, so start-up does not pay for routes never called. */
export const compiledSerializerCompiler = ((routeSchema: RouteSchema) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => (serialize ??= compile(routeSchema))(data);
}) as unknown as FastifySerializerCompiler<z.ZodType> & FastifySchemaCompiler<z.ZodType>;
