import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: session ids and e-mailed verification/reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Session ids and e-mail tokens are stored as their SHA-256 only: a leaked database row cannot
 * be replayed. A plain hash is enough for secrets this long (ASVS 6.5.2).
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
