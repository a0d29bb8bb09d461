/**
 * The app's own OpenAPI documents (GET /api/docs/json, the product's API, and GET /api/docs/internal/json:
 * health, the mocks and tRPC) as test input: every operation with its path,
 * query and body schemas, and validators for its documented responses (the JSON schemas turned back into
 * zod with `z.fromJSONSchema`). The fuzz and security tests walk every route through it, so a route
 * added tomorrow is covered without touching them.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
  $ref?: string;
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As documented, e.g. `/api/transactions/{id}`. */
  path: string;
  summary: string;
  isAuthenticated: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { isRequired: boolean; contentTypes: string[]; schema: JsonSchema };
  /** status → JSON schema of the documented JSON response, when there is one. */
  responses: Record<string, JsonSchema | undefined>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  };
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export const OPENAPI_DOCUMENT_URLS = ['/api/docs/json', '/api/docs/internal/json'] as const;

/** Every operation of both documents; `document` is the product's API. */
export async function loadOpenApi(app: FastifyInstance): Promise<{ document: OpenApiDocument; operations: Operation[] }> {
  const documents: OpenApiDocument[] = [];
  for (const url of OPENAPI_DOCUMENT_URLS) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
    documents.push(response.json() as OpenApiDocument);
  }
  return { document: documents[0]!, operations: documents.flatMap((document) => operationsOf(document)) };
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) continue;
      const op = raw as {
        summary?: string;
        security?: unknown[];
        parameters?: (Parameter & { required?: boolean })[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: JsonSchema }> }>;
      };
      const parameters = (op.parameters ?? []).map((p) => ({
        ...p,
        required: p.required ?? false,
        schema: deref(p.schema ?? {}, document),
      }));
      const content = op.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      const bodySchema = contentTypes.map((type) => content[type]?.schema).find(Boolean);
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        isAuthenticated: Array.isArray(op.security) && op.security.length > 0,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        ...(contentTypes.length
          ? { body: { isRequired: op.requestBody?.required ?? false, contentTypes, schema: deref(bodySchema ?? {}, document) } }
          : {}),
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, answer]) => {
            const resolved = answer.$ref ? resolveResponse(answer.$ref, document) : answer;
            const schema = resolved?.content?.['application/json']?.schema;
            return [status, schema ? deref(schema, document) : undefined];
          }),
        ),
      });
    }
  }
  return operations;
}

function resolveResponse(ref: string, document: OpenApiDocument) {
  const name = /^#\/components\/responses\/(.+)$/.exec(ref)?.[1];
  const target = name ? document.components?.responses?.[name] : undefined;
  if (!target) throw new Error(`Unresolvable $ref ${ref}`);
  return target;
}

/** Inlines `#/components/schemas/…` references (the documents here have no recursive schemas). */
export function deref(schema: JsonSchema, document: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 20) return schema;
  if (Array.isArray(schema)) return schema.map((item) => deref(item as JsonSchema, document, depth + 1)) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? document.components?.schemas?.[name] : undefined;
    if (!target) throw new Error(`Unresolvable $ref ${schema.$ref}`);
    return deref(target, document, depth + 1);
  }
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = value && typeof value === 'object' ? deref(value as JsonSchema, document, depth + 1) : value;
  }
  return copy;
}

/** The documented path with its parameters filled in (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
}

const validators = new Map<string, z.ZodType>();

/**
 * Checks a JSON body against the operation's documented response schema for `status`. Returns null
 * when it conforms (or nothing is documented), else the first issues.
 */
export function checkDocumentedResponse(operation: Operation, status: number, body: unknown): string | null {
  const schema = operation.responses[String(status)];
  if (!schema) return null;
  const key = `${operation.method} ${operation.path} ${status}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(key, validator);
  }
  const result = validator.safeParse(body);
  if (result.success) return null;
  return result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
