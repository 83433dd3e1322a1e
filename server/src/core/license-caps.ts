/**
 * What one license may hold, so a leaked license or an EA in a loop cannot fill the server's
 * memory or database. Each number is far above what a real trader uses; reaching one is
 * refused with a message that says what to do (ea/PROTOCOL.md, "Limits").
 */
export const licenseCaps = {
  /**
   * Terminals (platform + account + broker) seen within `terminalActiveMs`. A trader runs a
   * handful of accounts; 20 leaves room for prop-firm challenges and VPS moves, while hellos
   * with made-up accounts cannot add rows without end.
   */
  terminals: 20,
  /** A terminal not seen for this long no longer counts (its history stays). */
  terminalActiveMs: 30 * 24 * 60 * 60 * 1000,
  /**
   * Orders stored per license. An active scalper closes a few hundred trades a day: 100,000
   * is years of history, and at about 1 KiB a row with its indexes, 100 MiB at most.
   */
  orders: 100_000,
} as const;

/** Entries of the per-instance cache of terminal rows: it evicts the least recently used. */
export const cachedTerminals = 100_000;
