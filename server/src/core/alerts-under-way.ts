/** One alert between its request's start and its push: whoever waits for it, to be woken. */
type UnderWay = { waiters: (() => void)[] };

/**
 * The alerts this instance is taking in, per license owner, from the request's start until
 * the signal is pushed (or the alert refused). A long-poll reply waits for those of its
 * license so a basket (alerts sent together, stored in two or three INSERTs) reaches an MT4 EA
 * in one reply instead of one reply and a whole poll round trip per INSERT. A WebSocket needs
 * none of this: each signal goes down it as it is pushed.
 */
export function createAlertsUnderWay() {
  const byUser = new Map<string, Set<UnderWay>>();

  return {
    /** An alert of this user is under way; call the returned function once it is pushed or refused. */
    begin(userId: string): () => void {
      const alerts = byUser.get(userId) ?? new Set<UnderWay>();
      byUser.set(userId, alerts);
      const alert: UnderWay = { waiters: [] };
      alerts.add(alert);
      return () => {
        if (!alerts.delete(alert)) return;
        if (alerts.size === 0 && byUser.get(userId) === alerts) byUser.delete(userId);
        for (const wake of alert.waiters) wake();
      };
    },

    /**
     * Settles once every alert of this user under way now has been pushed or refused (not
     * those that start later, so a steady stream cannot hold a reply); null when there are none.
     */
    settled(userId: string): Promise<void> | null {
      const alerts = byUser.get(userId);
      if (!alerts) return null;
      return Promise.all(
        [...alerts].map((alert) => new Promise<void>((wake) => alert.waiters.push(wake))),
      ).then(() => undefined);
    },
  };
}

export type AlertsUnderWay = ReturnType<typeof createAlertsUnderWay>;
