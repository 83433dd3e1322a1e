import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's second recommended setting (19 MiB, 2 passes, 1 lane): about 17 ms per
 * hash here, so login and signup are rate-limited before they reach this code.
 */
const argon2id = 2 as Algorithm; // Algorithm is a const enum, unusable under isolatedModules
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of a random password, computed once, for comparing against when no user matched. */
let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, or an account that
 * only signs in through Google/Facebook) it still spends the time of one verification, so the
 * answer's timing does not reveal whether the address has an account.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
