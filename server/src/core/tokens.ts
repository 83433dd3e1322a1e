import { hash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: session ids and e-mailed verification/reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 in hex. Session ids, e-mail tokens and licenses are stored as this only: a leaked
 * database row cannot be replayed. A plain hash is enough for secrets this long (ASVS 6.5.2).
 * One-shot `hash`: each webhook and poll hashes a license, and a `Hash` object costs three
 * times as much.
 */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}
