/**
 * Postgres refused the data itself (SQLSTATE class 22 data exception, 23 integrity, 42
 * syntax/undefined object): trying again cannot help, and a write kept for ever would hold up
 * the ones behind it. Anything else (no connection, timeouts, shutdown) is worth retrying.
 */
export function isPermanent(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23|42)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
