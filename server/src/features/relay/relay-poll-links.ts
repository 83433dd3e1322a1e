import type { Signal } from '@signalrelay/contracts/ea-protocol';
import { type RelayHub, type RelaySignal, subscriptionLingerMs } from '../../core/relay-hub.ts';
import { pendingForLimit } from '../../core/signal-store.ts';
import type { RelayTerminal } from './relay-terminals.ts';

/**
 * How long a link waits, after its poll answered, for the terminal's next poll: as long as a
 * terminal counts as connected after its last poll (ea/PROTOCOL.md), which the EA's next
 * poll, sent at once, is well within.
 */
export const parkedForMs = subscriptionLingerMs;

/** A signal as a link keeps it: its time to live is worked out when it is sent. */
type Kept = { signal: RelaySignal['signal']; expiresAt: number };

/**
 * A long-poll EA instance's conduit in the hub, kept from one poll to the next (see
 * `createPollLinks`). Held while a poll waits on it, parked between polls.
 */
export type PollLink = {
  readonly key: string;
  state: 'held' | 'parked' | 'closed';
  /** Wakes the poll holding the link (a signal, a resubscription). */
  wake: () => void;
  /** Signals pushed since the link was registered or taken over, not sent yet. */
  kept: Kept[];
  /**
   * Whether `kept` is everything Postgres has pending for the terminal that the EA has not
   * acknowledged, besides `lastReply`: a read of Postgres made while the link was
   * registered found all there was, and since then no doorbell was lost (`resync`) and every
   * push was kept.
   */
  whole: boolean;
  /** How many times the link was told that doorbells were lost (`resync`). */
  resyncs: number;
  /** The ids of the link's last reply. */
  lastReply: readonly string[];
  unregister: () => void;
  timer: NodeJS.Timeout | undefined;
};

/**
 * The long-poll EAs' links to the hub, one per terminal and EA instance (`poll:<instanceId>`).
 *
 * Each poll used to register in the hub, read Postgres for what was pending, and leave the hub
 * when it answered: a signal that came before the next poll found no conduit and was only in
 * Postgres, so every poll had to read it. A link stays registered after its poll answers, for
 * `parkedForMs`, and keeps what it is pushed; the next poll of the same EA instance takes it
 * over and answers with what it kept instead of reading Postgres, when that is sure to be
 * everything:
 * - the link is `whole` (above): being told to catch up breaks it, as it makes a WebSocket
 *   EA replay from Postgres (the bus resubscribed, or a signal's doorbell never rang:
 *   relay-catch-up.ts); so does a push beyond what one read would answer;
 * - the poll's `received` ids are exactly the link's last reply, not empty: that reply is the
 *   last the EA had. A reply lost on its way is read and sent again, and an EA whose polls a
 *   balancer spreads over instances, having had signals from another since, is not sent what
 *   the link kept of them again (after an empty reply, nothing says where the EA was);
 * - the license's channel is subscribed here, so that signals taken by other instances ring.
 * Otherwise the link is dropped, and the poll registers anew and reads Postgres.
 */
export function createPollLinks({ hub, now }: { hub: RelayHub; now: () => number }) {
  /** The link each EA instance's next poll may take over: its last one to answer. */
  const slots = new Map<string, PollLink>();

  function close(link: PollLink) {
    if (link.state === 'closed') return;
    link.state = 'closed';
    link.kept = [];
    clearTimeout(link.timer);
    if (slots.get(link.key) === link) slots.delete(link.key);
    link.unregister();
  }

  function keep(link: PollLink, item: RelaySignal): boolean {
    if (link.state === 'closed') return false;
    if (link.state === 'parked') {
      // The next poll reads Postgres anyway: there is nothing to keep for it.
      if (!link.whole) return false;
      if (link.kept.length >= pendingForLimit) {
        link.whole = false;
        link.kept = [];
        return false;
      }
    }
    link.kept.push({ signal: item.signal, expiresAt: item.expiresAt });
    link.wake();
    return true;
  }

  function canTakeOver(link: PollLink, userId: string, received: ReadonlySet<string>) {
    return (
      link.state === 'parked' &&
      link.whole &&
      hub.listening(userId) &&
      link.lastReply.length > 0 &&
      link.lastReply.length === received.size &&
      link.lastReply.every((id) => received.has(id))
    );
  }

  return {
    /**
     * The link for a poll of `terminal` from EA instance `instanceId`, held by it: the one the
     * instance's last poll parked, or a new one registered in the hub. When the link is not
     * `whole`, the poll must read Postgres (`read`).
     */
    async hold(
      terminal: RelayTerminal,
      instanceId: string | undefined,
      received: ReadonlySet<string>,
      wake: () => void,
    ): Promise<PollLink> {
      const key = `${terminal.id}:${instanceId ?? ''}`;
      const parked = slots.get(key);
      if (parked?.state === 'parked') {
        if (canTakeOver(parked, terminal.userId, received)) {
          clearTimeout(parked.timer);
          parked.state = 'held';
          parked.wake = wake;
          return parked;
        }
        close(parked);
      }
      const link: PollLink = {
        key,
        state: 'held',
        wake,
        kept: [],
        whole: false,
        resyncs: 0,
        lastReply: [],
        unregister: () => undefined,
        timer: undefined,
      };
      link.unregister = await hub.register(terminal.userId, {
        terminalId: terminal.id,
        platform: terminal.platform,
        account: terminal.account,
        protocol: terminal.protocol,
        push: (item) => keep(link, item),
        // Doorbells were lost: the next poll reads Postgres; a held one answers now.
        async resync() {
          link.resyncs++;
          link.whole = false;
          link.wake();
        },
      });
      return link;
    },

    /**
     * Records a read of Postgres made while `link` was held: it is whole if the read found
     * all there was and no doorbell was lost since `resyncsBefore` (taken when it began).
     */
    read(link: PollLink, complete: boolean, resyncsBefore: number) {
      link.whole = complete && link.resyncs === resyncsBefore;
    },

    /**
     * What the link kept, to send now (each signal's time to live as of now). A signal whose
     * time ran out meanwhile is not sent, as a read of Postgres would not find it: it fails
     * there as undelivered.
     */
    take(link: PollLink): Signal[] {
      const at = now();
      const signals: Signal[] = [];
      for (const { signal, expiresAt } of link.kept) {
        if (expiresAt > at) signals.push({ ...signal, ttlMs: expiresAt - at });
      }
      link.kept = [];
      return signals;
    },

    /**
     * The poll holding `link` answers with `replyIds`: the link now keeps what comes for the
     * instance's next poll, for `parkedForMs`. A link whose instance has a newer poll held
     * (the EA gave this one up) is closed instead.
     */
    park(link: PollLink, replyIds: readonly string[]) {
      if (link.state !== 'held') return;
      const slot = slots.get(link.key);
      if (slot && slot !== link) {
        if (slot.state === 'held') return close(link);
        close(slot);
      }
      link.state = 'parked';
      link.wake = () => undefined;
      link.lastReply = replyIds;
      link.timer = setTimeout(() => close(link), parkedForMs);
      link.timer.unref();
      slots.set(link.key, link);
    },

    close,

    closeAll() {
      for (const link of [...slots.values()]) close(link);
    },
  };
}
