/**
 * The doors of the gateway callbacks (Daraja, Africa's Talking): the callback URL carries a shared
 * secret as its `:secret` segment, and `GATEWAY_ALLOWED_IPS` may also restrict who calls. A wrong secret
 * or a refused address answers 404 before the body is even read, exactly as an unknown path does, so a
 * stranger learns nothing and changes nothing (docs/SECURITY.md).
 */
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Constant-time comparison of a secret given in a URL with the configured one. */
export function isSameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GATEWAY_ALLOWED_IPS` as a matcher; unset or empty allows any address. */
export function gatewayAddressMatcher(allowed: string | undefined): (address: string) => boolean {
  const entries = (allowed ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** The path parameter that carries a gateway's shared secret: a route with it is a callback door. */
export const GATEWAY_SECRET_PARAM = 'secret';

/**
 * Whether a route with these path parameters is a gateway's callback door. Such a door, asked without its
 * secret or from another address, must look like an unknown path to any method (docs/SECURITY.md).
 */
export function isGatewayDoor(params: object | null | undefined): params is Record<typeof GATEWAY_SECRET_PARAM, string> {
  return !!params && GATEWAY_SECRET_PARAM in params;
}

export interface GatewayGuardOptions {
  secret: string;
  allowedIps: string | undefined;
}

/**
 * An `onRequest` hook for a plugin's callback routes: routes with a `:secret` parameter must be called
 * with `secret` and from an allowed address (the client address honours TRUST_PROXY); others pass.
 */
export function gatewayGuard(options: GatewayGuardOptions): onRequestAsyncHookHandler {
  const isAllowedAddress = gatewayAddressMatcher(options.allowedIps);
  return async (request: FastifyRequest) => {
    const params = request.params as Record<string, string> | undefined;
    if (!isGatewayDoor(params)) return;
    if (!isSameSecret(params[GATEWAY_SECRET_PARAM] ?? '', options.secret) || !isAllowedAddress(request.ip)) {
      // Word for word what an unknown path answers (plugins/static-client.ts).
      throw new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    }
  };
}
