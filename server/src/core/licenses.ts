import { randomBytes } from 'node:crypto';
import { sha256 } from './tokens.ts';

/** Crockford base32: no I, L, O, U, so a license read aloud or retyped stays unambiguous. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new license number: 130 bits from the CSPRNG as 26 base32 characters, grouped for reading
 * (`SR-XXXXX-XXXXX-XXXXX-XXXXX-XXXXXX`).
 */
export function generateLicenseNumber(): string {
  const bytes = randomBytes(17); // 136 bits, 130 used
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let chars = '';
  for (let i = 0; i < 26; i++) {
    chars += alphabet[Number(bits & 31n)];
    bits >>= 5n;
  }
  return `SR-${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}-${chars.slice(15, 20)}-${chars.slice(20)}`;
}

/** Users paste licenses with stray spaces or in lower case; both still identify the license. */
export function normalizeLicense(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Licenses are looked up by this hash only (unique index), never by the raw value. */
export function hashLicense(raw: string): string {
  return sha256(normalizeLicense(raw));
}
