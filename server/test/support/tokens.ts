/** Hand-made JWTs for the negative auth cases: other keys, `alg: none`, tampered payloads, past expiry. */
import { createHmac } from 'node:crypto';

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256 token over `payload`, signed with `secret`. */
export function signHs256(
  payload: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const unsigned = `${base64url(header)}.${base64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** An unsigned token (`alg: none`). */
export function unsignedToken(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The same token with its payload edited and the original signature kept. */
export function tamperedToken(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url({ ...decodePayload(token), ...changes })}.${signature}`;
}
