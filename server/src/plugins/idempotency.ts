/**
 * `Idempotency-Key` for money-moving POSTs (docs/contract.md "Idempotency"): the same key with the same request replays the
 * first response; the same key with a different request is 409 IDEMPOTENCY_CONFLICT; a key whose first
 * request is still running is 409 too, with Retry-After. Keys are scoped to the caller and the route. A 5xx
 * answer is not stored, so the client may retry with the same key.
 *
 * The answer is recorded after the work commits, so a server that stops in between leaves work done and
 * no answer. A creating route therefore claims the record for what it creates in the creating database
 * transaction (`resource_id`), and a repeat answers that resource as it is now (`answerCreated`) instead
 * of creating another. Other routes move a state machine, which refuses to do the same step twice.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, keyStillInUse } from '../lib/app-error.ts';
import { Prisma, type Tx } from '../db/prisma.ts';
import type { AuthUser } from './auth.ts';
import { answerText } from './compression.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRecordId?: string;
  }
}

const STALE_AFTER_MS = 60_000;
const KEY_PATTERN = /^[\w.:-]{1,200}$/;

function requestHash(request: FastifyRequest): string {
  const canonical = JSON.stringify({ params: request.params ?? null, body: request.body ?? null }, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The preHandlers this file made: the OpenAPI document marks their routes as taking `Idempotency-Key`. */
const idempotencyGuards = new WeakSet<object>();

/** True when the route runs an `idempotency(ctx).preHandler`. */
export function acceptsIdempotencyKey(route: { preHandler?: unknown; preValidation?: unknown; onRequest?: unknown }): boolean {
  return [route.onRequest, route.preValidation, route.preHandler]
    .flat()
    .some((hook) => typeof hook === 'function' && idempotencyGuards.has(hook));
}

export interface IdempotencyOptions {
  /** A creating route: the body of its 201 answer, to the caller, for what an earlier attempt with the key created. */
  answerCreated?: (resourceId: string, caller: AuthUser) => Promise<unknown>;
}

export function idempotency(ctx: AppContext, options: IdempotencyOptions = {}) {
  const hooks = {
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !KEY_PATTERN.test(key)) {
        throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 1–200 letters, digits, or . _ : -', {
          errors: { 'Idempotency-Key': ['Invalid key'] },
        });
      }
      const scope = `${request.auth?.userId ?? 'anonymous'}:${request.method}:${request.routeOptions.url}`.slice(0, 100);
      const hash = requestHash(request);
      const inserted = await ctx.db.$queryRaw<{ id: string }[]>`
        INSERT INTO idempotency_records (id, scope, key, request_hash)
        VALUES (gen_random_uuid(), ${scope}, ${key}, ${hash})
        ON CONFLICT (scope, key) DO NOTHING RETURNING id`;
      if (inserted[0]) {
        request.idempotencyRecordId = inserted[0].id;
        return;
      }
      const existing = await ctx.db.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
      if (!existing || existing.requestHash !== hash) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was already used with a different request');
      }
      if (existing.statusCode === null && existing.resourceId && options.answerCreated && request.auth) {
        // The first attempt created its resource but has not answered (or never will: it stopped).
        const body = await options.answerCreated(existing.resourceId, request.auth);
        await ctx.db.idempotencyRecord.updateMany({
          where: { id: existing.id, statusCode: null },
          data: { statusCode: 201, responseBody: body as Prisma.InputJsonValue },
        });
        return reply.status(201).header('Idempotent-Replayed', 'true').send(body);
      }
      if (existing.statusCode === null) {
        // A first attempt that died mid-way (crash, restart) must not block the key forever.
        const stale = await ctx.db.idempotencyRecord.updateMany({
          where: { id: existing.id, statusCode: null, createdAt: { lt: new Date(Date.now() - STALE_AFTER_MS) } },
          data: { createdAt: new Date() },
        });
        if (stale.count === 1) {
          request.idempotencyRecordId = existing.id;
          return;
        }
        throw keyStillInUse();
      }
      return reply.status(existing.statusCode).header('Idempotent-Replayed', 'true').send(existing.responseBody);
    },

    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const id = request.idempotencyRecordId;
      if (!id) return payload;
      request.idempotencyRecordId = undefined;
      if (reply.statusCode >= 500) {
        // Free for a retry, unless the work created something: then a repeat answers that.
        await ctx.db.idempotencyRecord.deleteMany({ where: { id, resourceId: null } }).catch(() => {});
        return payload;
      }
      // Read back as JSON: a large answer has been compressed by now (plugins/compression.ts), and a replay
      // is compressed again for its own client.
      const text = answerText(payload, reply.getHeader('content-encoding'));
      let body: unknown = null;
      try {
        body = text === null ? null : JSON.parse(text);
      } catch {
        body = null;
      }
      // This attempt lost the key to another that is running it (a creation's claim): that one answers.
      if (reply.statusCode === 409 && (body as { code?: unknown } | null)?.code === 'IDEMPOTENCY_CONFLICT') return payload;
      await ctx.db.idempotencyRecord.update({
        where: { id },
        data: { statusCode: reply.statusCode, responseBody: (body ?? Prisma.JsonNull) as Prisma.InputJsonValue },
      });
      return payload;
    },
  };
  idempotencyGuards.add(hooks.preHandler);
  return hooks;
}

/**
 * A creating route's claim, in its creating database transaction: the key's record now names the resource.
 * False when another attempt with the key claimed it first; the caller then writes nothing and answers
 * `keyStillInUse()`, and that attempt answers for the key. The transaction creation makes the same claim
 * inside its one statement (the `claim` step of modules/transactions/create-query.ts).
 */
export async function claimIdempotencyRecord(tx: Tx, recordId: string, resourceId: string): Promise<boolean> {
  const claimed = await tx.idempotencyRecord.updateMany({ where: { id: recordId, resourceId: null }, data: { resourceId } });
  return claimed.count === 1;
}

/**
 * The hooks of a signed-in, money-moving route: the token is checked first, before the body and params,
 * so a stranger is refused for who they are (401), not what they sent; then an Idempotency-Key replays.
 */
export function signedInIdempotent(
  ctx: AppContext,
  requireAuth: (request: FastifyRequest) => Promise<void>,
  options: IdempotencyOptions = {},
) {
  const hooks = idempotency(ctx, options);
  return { onRequest: requireAuth, preHandler: hooks.preHandler, onSend: hooks.onSend };
}
