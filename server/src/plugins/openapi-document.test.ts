import { describe, expect, it } from 'vitest';
import { ERROR_RESPONSES, finishDocument, impliedErrorStatuses, operationIdFor, X_ACCESS, X_IDEMPOTENT } from './openapi-document.ts';

const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };

function documentWith(paths: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    paths,
    components: { schemas: { ErrorEnvelope: { type: 'object' }, Unused: { type: 'string' } } },
  } as Record<string, unknown>;
}

describe('operationIdFor', () => {
  it('names an operation after its method and path, without /api, versions or punctuation', () => {
    expect(operationIdFor('POST', '/api/transactions/{id}/release_payment')).toBe('postTransactionsByIdReleasePayment');
    expect(operationIdFor('GET', '/api/v1/charges/calculate')).toBe('getChargesCalculate');
    expect(operationIdFor('GET', '/api/disputes/evidence/{evidenceId}/file')).toBe('getDisputesEvidenceByEvidenceIdFile');
  });
});

describe('impliedErrorStatuses', () => {
  it('derives the error answers from what the route declares', () => {
    expect(impliedErrorStatuses('get', {}, 'public', false).sort()).toEqual(['405', '500', '503']);
    expect(impliedErrorStatuses('get', { parameters: [{ in: 'path' }] }, 'admin', false).sort()).toEqual([
      '400',
      '401',
      '403',
      '404',
      '405',
      '500',
      '503',
    ]);
    expect(impliedErrorStatuses('post', {}, 'user', true).sort()).toEqual(['400', '401', '403', '405', '409', '413', '415', '500', '503']);
  });

  it("gives a gateway's callback door no 405: it answers 404 to every method, as an unknown path does", () => {
    const door = { parameters: [{ in: 'path', name: 'secret' }] };
    expect(impliedErrorStatuses('post', door, 'public', false)).not.toContain('405');
    expect(impliedErrorStatuses('post', { parameters: [{ in: 'path', name: 'id' }] }, 'public', false)).toContain('405');
  });
});

describe('finishDocument', () => {
  it('drops methods OpenAPI does not know, trims trailing slashes and states security', () => {
    const document = finishDocument(
      documentWith({
        '/api/things/': { get: { [X_ACCESS]: 'user', responses: { '200': { description: 'Default Response' } } } },
        '/api/catch/{path}': { query: { responses: {} }, post: { responses: {} } },
      }),
      { isEnvelopeApi: false },
    );
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(paths)).toEqual(['/api/things', '/api/catch/{path}']);
    expect(Object.keys(paths['/api/catch/{path}']!)).toEqual(['post']);
    expect(paths['/api/things']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/catch/{path}']!.post!.security).toEqual([]);
    expect(paths['/api/things']!.get![X_ACCESS]).toBeUndefined();
  });

  it('adds the envelope errors, Idempotency-Key, examples, and spells out enum-keyed records', () => {
    const record = {
      type: 'object',
      propertyNames: { type: 'string', enum: ['open', 'resolved'] },
      additionalProperties: { type: 'integer', example: 3 },
      required: ['open', 'resolved'],
    };
    const document = finishDocument(
      documentWith({
        '/api/pay': {
          post: {
            [X_ACCESS]: 'user',
            [X_IDEMPOTENT]: true,
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'string', example: 'x' } } } } },
            },
            responses: {
              '200': { description: 'Default Response', content: { 'application/json': { schema: record } } },
              '422': { description: 'Default Response', content: { 'application/json': { schema: envelope } } },
            },
          },
        },
      }),
      { isEnvelopeApi: true },
    );
    const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/api/pay']!.post!;
    const responses = operation.responses as Record<string, Record<string, unknown>>;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '403', '405', '409', '413', '415', '422', '500', '503']);
    expect(responses['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    expect(responses['422']).toEqual({ $ref: '#/components/responses/BusinessRule' });
    expect(responses['200']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    const ok = (responses['200']!.content as Record<string, { schema: Record<string, unknown>; example: unknown }>)['application/json']!;
    expect(ok.schema.properties).toEqual({ open: { type: 'integer', example: 3 }, resolved: { type: 'integer', example: 3 } });
    expect(ok.example).toEqual({ open: 3, resolved: 3 });
    expect((operation.requestBody as { content: Record<string, { example: unknown }> }).content['application/json']!.example).toEqual({
      n: 'x',
    });
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas!)).toEqual(['ErrorEnvelope']);
    expect(components.responses).toHaveProperty('RateLimited.headers.Retry-After');
    expect(components.responses).toHaveProperty('MethodNotAllowed.headers.Allow');
  });

  it('keeps every header of a shared error answer: one that sends both Retry-After and Allow lists both', () => {
    ERROR_RESPONSES['418'] = {
      name: 'BothHeaders',
      description: 'An answer that sends both headers',
      example: { success: false, message: 'Both', code: 'BOTH' },
      retryAfter: true,
      allow: true,
    };
    try {
      const document = finishDocument(
        documentWith({
          '/api/both': {
            post: { responses: { '418': { description: 'Its own words', content: { 'application/json': { schema: envelope } } } } },
          },
        }),
        { isEnvelopeApi: true },
      );
      const responses = (document.components as Record<string, Record<string, Record<string, unknown>>>).responses!;
      expect(Object.keys(responses.BothHeaders!.headers as object).sort()).toEqual(['Allow', 'Retry-After']);
      expect(Object.keys(responses.MethodNotAllowed!.headers as object)).toEqual(['Allow']);
      expect(Object.keys(responses.ServiceUnavailable!.headers as object)).toEqual(['Retry-After']);
      expect(responses.NotFound).not.toHaveProperty('headers');
      // A route's own answer for that status (its own description) sends the same headers.
      const own = (document.paths as Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>)['/api/both']!
        .post!.responses['418']!;
      expect(own.description).toBe('Its own words');
      expect(Object.keys(own.headers as object).sort()).toEqual(['Allow', 'Retry-After']);
    } finally {
      delete ERROR_RESPONSES['418'];
    }
  });
});
