/** Password and PIN hashing with argon2id (OWASP's first choice), via @node-rs/argon2's prebuilt binary. */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum; its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

/** A real hash of nothing in particular: verifying against it costs the same time as a real check. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashSecret('decoy-password-for-constant-time');
  return decoy;
}
