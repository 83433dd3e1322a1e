import type { Signal as EaSignal, ProtocolVersion } from '@signalrelay/contracts/ea-protocol';
import type { Bus } from '../ports/bus.ts';

/** A signal on its way to terminals: everything an instance needs, no database read. */
export type RelaySignal = {
  userId: string;
  /** Target platform; null = every terminal of the license. */
  platform: 'mt4' | 'mt5' | null;
  /** Only the terminal logged in to this account; null = every terminal. */
  account: string | null;
  /** Only terminals speaking this protocol version or later (3 for the v3 commands). */
  minProtocol: number;
  expiresAt: number;
  signal: Omit<EaSignal, 'ttlMs'>;
};

/** Whether a terminal may be sent this signal: its platform, account and protocol version. */
export function reaches(
  item: Pick<RelaySignal, 'platform' | 'account' | 'minProtocol'>,
  terminal: { platform: 'mt4' | 'mt5'; account: string; protocol: number },
): boolean {
  return (
    (!item.platform || item.platform === terminal.platform) &&
    (!item.account || item.account === terminal.account) &&
    terminal.protocol >= item.minProtocol
  );
}

/**
 * Terminals a waiting signal is for: one license's, on `platform` and `account` when set. Its
 * protocol is left out: an EA too old for a signal is made to catch up too, and the signal then
 * fails with the reason (RelayService.pendingFor).
 */
export type CatchUpTarget = Pick<RelaySignal, 'userId' | 'platform' | 'account'>;

/** One way to reach a terminal: an open WebSocket or a held long-poll request. */
export type Conduit = {
  terminalId: string;
  platform: 'mt4' | 'mt5';
  account: string;
  protocol: ProtocolVersion;
  /** Hands the signal over; false when this conduit can no longer take it. */
  push(signal: RelaySignal, frame: string): boolean;
  /**
   * Doorbells were lost (the bus was cut off and has just re-subscribed, or a signal's never
   * rang): catch up from Postgres with whatever this terminal has not received yet.
   */
  resync(): Promise<void>;
};

/** Catch-up reads run this many at a time, so thousands of terminals do not drain the pool. */
const resyncConcurrency = 8;
/**
 * A license's channel stays subscribed this long after its last terminal here left: an EA
 * that leaves is often back a moment later (a long-poll EA whose link was dropped registers
 * a new one, a WebSocket reconnects), and subscribing and unsubscribing each time would cost
 * two Redis commands. As long as a terminal counts as connected after its last poll
 * (ea/PROTOCOL.md).
 */
export const subscriptionLingerMs = 5000;

const relayChannelPrefix = 'relay:';
const relayChannel = (userId: string) => relayChannelPrefix + userId;

/**
 * The registry of terminals connected to this instance, and the fan-out to the others.
 * A signal is pushed to local conduits at once and rung on the license's channel, to which
 * an instance subscribes while it holds a terminal of that license (`Bus.ringOthers`: not
 * sent while no other instance does). The bus is only a doorbell: terminals that miss a
 * message get the signal from Postgres when they reconnect or are told to catch up.
 */
export function createRelayHub({
  bus,
  instanceId,
  now,
  onBusError,
}: {
  bus: Bus;
  instanceId: string;
  now: () => number;
  onBusError: (err: unknown) => void;
}) {
  const byUser = new Map<string, Set<Conduit>>();
  const unsubscribers = new Map<string, Promise<() => Promise<void>>>();
  /** Licenses whose channel is subscribed (its SUBSCRIBE answered): their doorbells reach us. */
  const listening = new Set<string>();
  /** Channels with no terminal left here, and the timer that will unsubscribe them. */
  const lingering = new Map<string, NodeJS.Timeout>();

  function unsubscribe(userId: string) {
    lingering.delete(userId);
    if (byUser.has(userId)) return;
    const off = unsubscribers.get(userId);
    unsubscribers.delete(userId);
    listening.delete(userId);
    off?.then((stop) => stop()).catch(onBusError);
  }
  /** Has `conduits` catch up from Postgres, `resyncConcurrency` at a time; resolves when done. */
  async function resyncAll(conduits: Conduit[]): Promise<void> {
    let next = 0;
    const work = async () => {
      while (next < conduits.length) await conduits[next++]!.resync().catch(onBusError);
    };
    await Promise.all(Array.from({ length: Math.min(resyncConcurrency, conduits.length) }, work));
  }
  // Doorbells rung while this instance's subscriber was cut off never arrive: every terminal
  // held here replays from Postgres once the subscriptions are back.
  const stopResync = bus.onResubscribed(() => {
    void resyncAll([...byUser.values()].flatMap((conduits) => [...conduits]));
  });
  // Another instance skipped doorbells on a license's channel before it knew we listened.
  const stopCatchUp = bus.onCatchUp((channel) => {
    if (!channel.startsWith(relayChannelPrefix)) return;
    void resyncAll([...(byUser.get(channel.slice(relayChannelPrefix.length)) ?? [])]);
  });

  /**
   * The EA's frame, `{"type":"signal","signal":{…,"ttlMs":N}}`, from the signal's JSON (made
   * once per dispatch: the doorbell carries the same text).
   */
  function frameOf(item: RelaySignal, signalJson: string): string {
    const ttlMs = JSON.stringify(item.expiresAt - now());
    const fields = signalJson.length > 2 ? `${signalJson.slice(0, -1)},` : '{';
    return `{"type":"signal","signal":${fields}"ttlMs":${ttlMs}}}`;
  }

  /** Pushes to this instance's matching conduits; returns how many took it. */
  function dispatchLocal(item: RelaySignal, signalJson = JSON.stringify(item.signal)): number {
    const conduits = byUser.get(item.userId);
    if (!conduits || conduits.size === 0) return 0;
    const frame = frameOf(item, signalJson);
    let pushed = 0;
    for (const conduit of conduits) {
      if (!reaches(item, conduit)) continue;
      if (conduit.push(item, frame)) pushed++;
    }
    return pushed;
  }

  /**
   * How this instance's own messages begin (see `dispatch`): it hears each one back when
   * another instance holds a terminal of the license too.
   */
  const ownPrefix = `{"origin":${JSON.stringify(instanceId)},`;

  function onMessage(message: string) {
    if (message.startsWith(ownPrefix)) return;
    const { item } = JSON.parse(message) as { item: RelaySignal };
    dispatchLocal(item);
  }

  return {
    /** Adds a conduit; the returned function removes it. Subscribes on the first one. */
    async register(userId: string, conduit: Conduit): Promise<() => void> {
      let conduits = byUser.get(userId);
      if (!conduits) {
        conduits = new Set();
        byUser.set(userId, conduits);
      }
      conduits.add(conduit);
      clearTimeout(lingering.get(userId));
      lingering.delete(userId);
      let subscribed = unsubscribers.get(userId);
      if (!subscribed) {
        const subscription = bus.subscribe(relayChannel(userId), onMessage);
        subscribed = subscription;
        unsubscribers.set(userId, subscription);
        subscription.then(
          () => {
            if (unsubscribers.get(userId) === subscription) listening.add(userId);
          },
          (err) => {
            unsubscribers.delete(userId);
            onBusError(err);
          },
        );
      }
      await subscribed.catch(() => undefined);
      return () => {
        const set = byUser.get(userId);
        if (!set?.delete(conduit) || set.size > 0) return;
        byUser.delete(userId);
        if (lingering.has(userId) || !unsubscribers.has(userId)) return;
        const timer = setTimeout(() => unsubscribe(userId), subscriptionLingerMs);
        timer.unref();
        lingering.set(userId, timer);
      };
    },

    /**
     * Delivers to local terminals and rings the other instances. Resolves to whether any
     * terminal could have it now: a local conduit took it, or another instance holding a
     * terminal of this license was rung. When a local conduit took it, that is known at once
     * and the bus's answer is not waited for (the webhook's reply would wait a Redis round
     * trip for nothing). A bus failure is reported, not thrown: the signal is stored and
     * terminals elsewhere get it on their next replay.
     */
    async dispatch(item: RelaySignal): Promise<boolean> {
      const signalJson = JSON.stringify(item.signal);
      const local = dispatchLocal(item, signalJson);
      // As JSON.stringify({ origin, item }) would write it, the signal's JSON reused.
      const doorbell = `${ownPrefix}"item":{"userId":${JSON.stringify(item.userId)},"platform":${JSON.stringify(item.platform)},"account":${JSON.stringify(item.account)},"minProtocol":${JSON.stringify(item.minProtocol)},"expiresAt":${JSON.stringify(item.expiresAt)},"signal":${signalJson}}}`;
      const remote = bus.ringOthers(relayChannel(item.userId), doorbell).catch((err: unknown) => {
        onBusError(err);
        return 0;
      });
      return local > 0 || (await remote) > 0;
    },

    /**
     * Whether the license's doorbells reach this instance: its channel is subscribed. A
     * subscription that failed is tried again by the next registration.
     */
    listening(userId: string): boolean {
      return listening.has(userId);
    },

    /**
     * Has the terminals connected here that one of `targets` is for catch up from Postgres (a
     * doorbell never rang), each once, `resyncConcurrency` at a time in all; resolves when
     * they have. Another terminal of the license would only read Postgres for nothing.
     */
    resync(targets: Iterable<CatchUpTarget>): Promise<void> {
      const conduits = new Set<Conduit>();
      for (const target of targets) {
        for (const conduit of byUser.get(target.userId) ?? []) {
          if (reaches({ ...target, minProtocol: 0 }, conduit)) conduits.add(conduit);
        }
      }
      return resyncAll([...conduits]);
    },

    /** Terminals of a user connected to this instance. */
    localCount(userId: string): number {
      return byUser.get(userId)?.size ?? 0;
    },

    async close() {
      stopResync();
      stopCatchUp();
      for (const timer of lingering.values()) clearTimeout(timer);
      lingering.clear();
      const pending = [...unsubscribers.values()];
      unsubscribers.clear();
      listening.clear();
      byUser.clear();
      await Promise.all(pending.map((p) => p.then((off) => off()).catch(() => undefined)));
    },
  };
}

export type RelayHub = ReturnType<typeof createRelayHub>;
