/**
 * Who may trade an account: one running copy of the EA (an instance) per license + platform +
 * account at a time (ea/PROTOCOL.md, "One executor per account"). A lease names its instance
 * and expires unless renewed, so a copy that stops answering heartbeats hands over on its own.
 * A `session` is one connection of an instance: a reconnect is a new session of the same
 * instance, which takes the lease over at once.
 */
export type LeaseClaim = {
  key: string;
  instanceId: string;
  session: string;
  /** Where the instance runs ("EURUSD,H1"), told to the ones refused. */
  chart: string;
  ttlMs: number;
  /**
   * A new session (hello, poll) takes the lease from an older session of its instance; a
   * renewal only extends it, so a superseded connection cannot take it back.
   */
  fresh: boolean;
};

/** The instance that holds a lease another one asked for. */
export type LeaseHolder = { instanceId: string; chart: string };

export interface ExecutorLeases {
  /**
   * Takes or renews each lease, many at once (a server renews those of all its connections
   * together). For each: null when the claiming instance holds it now, else its holder.
   */
  claim(claims: readonly LeaseClaim[]): Promise<(LeaseHolder | null)[]>;
  /** Gives a lease up if this session still holds it: after a clean stop another copy may trade. */
  release(key: string, session: string): Promise<void>;
}

/** The lease of one trading account of one license. */
export function executorLeaseKey(userId: string, platform: string, account: string): string {
  return `executor:${userId}:${platform}:${account}`;
}
