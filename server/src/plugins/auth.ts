/**
 * Bearer tokens: HS256 JWTs (algorithm pinned) whose `jti` names a row in `auth_sessions`. A token is
 * valid only while that row is unrevoked and unexpired, so logout and password reset take effect on
 * every server process at once. A checked session is kept in memory until PostgreSQL says it changed
 * (plugins/session-cache.ts), so most requests cost no round trip. Guards: `app.requireAuth`,
 * `app.requireAdmin`.
 */
import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/prisma.ts';
import { AppError } from '../lib/app-error.ts';
import { createSessionCache, type CachedSession, type SessionCache } from './session-cache.ts';

export type Role = 'buyer' | 'seller' | 'both' | 'admin';

export interface AuthUser {
  userId: string;
  role: Role;
  sessionId: string;
  isVerified: boolean;
}

interface TokenPayload {
  sub: string;
  role: Role;
  jti: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    issueToken: (tx: Tx | AppContext['db'], user: { id: string; userType: Role }, userAgent?: string) => Promise<string>;
    authenticate: (request: FastifyRequest) => Promise<AuthUser | null>;
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    auth?: AuthUser;
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Authentication required. Please log in.');

export default fp(
  async function authPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
    await app.register(fastifyJwt, {
      secret: ctx.config.JWT_SECRET,
      sign: { algorithm: 'HS256', expiresIn: ctx.config.JWT_TTL_SECONDS },
      verify: { algorithms: ['HS256'] },
    });

    const cache = createSessionCache({ connectionString: ctx.config.DATABASE_URL, log: app.log });
    app.decorate('sessionCache', cache);
    app.addHook('onClose', () => cache.close());

    /** The session behind a token's jti: from memory, or from auth_sessions joined to its user. */
    async function sessionOf(sessionId: string): Promise<CachedSession | null> {
      const cached = cache.get(sessionId);
      if (cached) return cached;
      const generation = cache.generation();
      const session = await ctx.db.authSession.findUnique({
        where: { id: sessionId },
        select: { revokedAt: true, expiresAt: true, user: { select: { id: true, userType: true, status: true, phoneVerifiedAt: true } } },
      });
      if (!session || session.revokedAt) return null;
      const checked: CachedSession = {
        userId: session.user.id,
        role: session.user.userType,
        status: session.user.status,
        isVerified: session.user.phoneVerifiedAt !== null,
        expiresAt: session.expiresAt.getTime(),
      };
      cache.set(sessionId, checked, generation);
      return checked;
    }

    app.decorate('issueToken', async (tx, user, userAgent) => {
      const jti = randomUUID();
      const expiresAt = new Date(ctx.now().getTime() + ctx.config.JWT_TTL_SECONDS * 1000);
      await tx.authSession.create({ data: { id: jti, userId: user.id, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null } });
      return app.jwt.sign({ sub: user.id, role: user.userType, jti });
    });

    /** The caller, or null when there is no bearer token; throws 401 for a bad, expired or revoked one. */
    async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
      if (request.auth) return request.auth;
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthenticated();
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(match[1]!);
      } catch {
        throw new AppError('UNAUTHENTICATED', 'Your session has expired or is invalid. Please log in again.');
      }
      if (typeof payload.jti !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.jti)) throw unauthenticated();
      const session = await sessionOf(payload.jti);
      if (!session || session.expiresAt <= ctx.now().getTime() || session.userId !== payload.sub) {
        throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');
      }
      if (session.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', 'This account is suspended. Please contact support.');
      request.auth = { userId: session.userId, role: session.role, sessionId: payload.jti, isVerified: session.isVerified };
      return request.auth;
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireAuth', async (request: FastifyRequest) => {
      if (!(await authenticate(request))) throw unauthenticated();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (!user) throw unauthenticated();
      if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrator access required');
    });
  },
  { name: 'auth' },
);

/** The authenticated caller inside a handler guarded by `requireAuth`. */
export function caller(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
