/**
 * The OpenAPI documents as outside tools and integrators read them: valid for swagger-parser, the
 * product's API apart from the mocks and tRPC, and truthful about who may call what (checked over HTTP).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { EVIDENCE_MIME_TYPES } from '@escrow/core/contract/disputes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { fillPath, OPENAPI_DOCUMENT_URLS } from '../../test/support/openapi.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let product: Document;
let internal: Document;
let buyer: MadeUser;

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  t = await buildTestApp();
  const [productUrl, internalUrl] = OPENAPI_DOCUMENT_URLS;
  product = (await t.app.inject({ url: productUrl })).json();
  internal = (await t.app.inject({ url: internalUrl })).json();
  buyer = await makeUser(t.app, { userType: 'buyer' });
});
afterAll(() => t?.close());

describe('the OpenAPI documents', () => {
  it('both validate with swagger-parser and name only methods OpenAPI knows (no QUERY from the tRPC catch-all)', async () => {
    for (const document of [product, internal]) {
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
      for (const { method } of operationsOf(document))
        expect(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']).toContain(method);
    }
  });

  it("keeps the product's API apart: /api only, with a servers list; health, the mocks and each tRPC procedure in the internal one", () => {
    expect(Object.keys(product.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(product.servers).toEqual([{ url: t.config.PUBLIC_BASE_URL, description: 'This deployment' }]);
    const internalPaths = Object.keys(internal.paths);
    expect(internalPaths).toEqual(
      expect.arrayContaining(['/healthz', '/readyz', '/mock/daraja/oauth/v1/generate', '/trpc/admin.dashboard']),
    );
    expect(internalPaths.some((path) => path.includes('{path}'))).toBe(false);
    expect(internal.paths['/trpc/admin.suspendUser']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every operation a unique operationId, a summary, tags, a stated security and a 4xx answer', () => {
    const ids = operationsOf(product).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operationsOf(product)) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      expect(Array.isArray(operation.security), where).toBe(true);
      expect(Object.keys(operation.responses), where).toEqual(expect.arrayContaining(['500', '503']));
    }
    expect(product.paths['/api/auth/login']?.post?.operationId).toBe('postAuthLogin');
    expect(product.paths['/api/transactions/{id}/release_payment']?.post?.operationId).toBe('postTransactionsByIdReleasePayment');
  });

  it('documents Idempotency-Key on the money-moving POSTs that accept it, and nowhere else', () => {
    const idempotent = operationsOf(product)
      .filter(({ operation }) =>
        operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(idempotent).toEqual(
      expect.arrayContaining([
        'post /api/transactions',
        'post /api/payments/initiate',
        'post /api/transactions/{id}/release_payment',
        'post /api/transactions/{id}/dispatch',
        'post /api/transactions/{id}/cancel',
      ]),
    );
    expect(idempotent.every((operation) => operation.startsWith('post '))).toBe(true);
    for (const operation of idempotent) {
      const [method, path] = operation.split(' ') as [string, string];
      expect(Object.keys(product.paths[path]![method]!.responses), operation).toContain('409');
    }
  });

  it('tells the truth about security: documented public operations answer without a token, the others 401', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const problems: string[] = [];
    let checked = 0;
    for (const { path, method, operation } of operationsOf(product)) {
      if (path.includes('{secret}')) continue; // gateway callbacks: public by design, guarded by their secret path
      const url = fillPath(path, { id, evidenceId: id, code: 'AbCdEf12' });
      // The documented example body: a stranger must be refused for who they are, not for what they sent.
      const example = operation.requestBody?.content['application/json']?.example;
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method: method.toUpperCase() as 'GET', url, headers, ...(example ? { payload: example as object } : {}) });
      const anonymous = await send({});
      if (operation.security?.length === 0) {
        // A public operation does not look at credentials: a forged token is not what refuses it.
        const forged = await send({ authorization: 'Bearer not.a.jwt' });
        if (forged.statusCode === 401 && anonymous.statusCode !== 401) {
          problems.push(`${method} ${path} is documented public but refuses a forged token with 401`);
        }
      } else if (anonymous.statusCode !== 401) {
        problems.push(`${method} ${path} is documented as needing a token but answered ${anonymous.statusCode} without one`);
      }
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
    // A documented signed-in route really accepts the documented bearer scheme.
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(buyer) });
    expect(profile.statusCode).toBe(200);
  });

  it('documents each success under the media type the route answers with: CSV exports and USSD screens are not JSON', async () => {
    // A client generated from the document parses what it is told is JSON: a CSV or `CON …` answer then throws.
    const admin = await makeUser(t.app, { userType: 'admin' });
    const ussd = { sessionId: 'openapi-media', serviceCode: '*384*40#', phoneNumber: '0722000111', networkCode: '63902', text: '' };
    const calls = [
      { method: 'get', path: '/api/admin/users/export', headers: bearer(admin) },
      { method: 'get', path: '/api/admin/monitoring/transactions/export', headers: bearer(admin) },
      { method: 'post', path: '/api/ussd/simulator', headers: {}, payload: ussd },
    ] as const;
    for (const call of calls) {
      const answer = await t.app.inject({
        method: call.method.toUpperCase() as 'GET',
        url: call.path,
        headers: call.headers,
        ...('payload' in call ? { payload: call.payload } : {}),
      });
      expect(answer.statusCode, call.path).toBe(200);
      const mediaType = String(answer.headers['content-type']).split(';')[0];
      expect(Object.keys(product.paths[call.path]![call.method]!.responses['200']!.content ?? {}), call.path).toEqual([mediaType]);
    }
    // An evidence file goes out with the type detected at upload, which the document lists.
    const evidenceTypes = Object.keys(product.paths['/api/disputes/evidence/{evidenceId}/file']!.get!.responses['200']!.content ?? {});
    expect(evidenceTypes).toEqual([...EVIDENCE_MIME_TYPES]);
    // The gateway's own door is documented like the simulator; their refusals stay JSON envelopes.
    const gateway = product.paths['/api/ussd/{secret}']!.post!.responses;
    expect(Object.keys(gateway['200']!.content ?? {})).toEqual(['text/plain']);
    expect(product.paths['/api/admin/users/export']!.get!.responses['400']).toEqual({ $ref: '#/components/responses/ValidationError' });
  });
});
