/**
 * Terminal heartbeats with expiry. `owner` is a user id, `member` a terminal id. A heartbeat
 * records "seen at"; members not seen for `ttlMs` count as gone. Kept out of Postgres so
 * thousands of EAs beating every 2 s cost no database writes.
 * Times only move forward: an older beat arriving late never moves a member or the owner's
 * last-seen time back. Members silent for a day are pruned; an owner nobody has seen for 30
 * days is forgotten.
 */
export type Beat = { owner: string; member: string; at: number };

export interface Presence {
  /** Records heartbeats, many at once: a server flushes those of all its terminals together. */
  beat(beats: readonly Beat[]): Promise<void>;
  /** Removes a member at once (clean disconnect), keeping the owner's last-seen time. */
  leave(owner: string, member: string, at: number): Promise<void>;
  /** The latest heartbeat (or leave) of any member, or null when never seen (or forgotten). */
  lastSeen(owner: string): Promise<number | null>;
  /** Members seen at or after `since`. */
  members(owner: string, since: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Members older than this (relative to the newest beat) are dropped on the next beat. */
export const presencePruneAfterMs = 24 * 60 * 60 * 1000;
/** An owner with no beat or leave for this long is forgotten entirely. */
export const presenceRetentionMs = 30 * 24 * 60 * 60 * 1000;
