import type { EaRules } from '@signalrelay/contracts/ea-protocol';
import { type EaRuleSet, eaRuleSet, type RulesBook } from '../rules/rules-book.ts';

/** One v3 EA that follows its rules: told the new set whenever the user's rules change. */
type Follower = { account: string; changed: (set: EaRuleSet) => void };

/**
 * Protocol v3 rules delivery (ea/PROTOCOL.md, "Rules"): the account rules the EA enforces,
 * resolved for its account. A WebSocket gets a `rules` frame after `welcome` and on every
 * change that alters its set; a held long-poll is answered at once when its set changed, and
 * every poll reply carries `rules` when the EA's `rulesId` is not the current one.
 */
export function createRulesDelivery(deps: { rules: RulesBook; onError: (err: unknown) => void }) {
  const { rules, onError } = deps;
  const followers = new Map<string, Set<Follower>>();

  rules.onChange((userId) => {
    const own = followers.get(userId);
    if (!own) return;
    rules
      .get(userId)
      .then((current) => {
        for (const follower of own) follower.changed(eaRuleSet(current, follower.account));
      })
      .catch(onError);
  });

  function follow(userId: string, follower: Follower) {
    let own = followers.get(userId);
    if (!own) {
      own = new Set();
      followers.set(userId, own);
    }
    own.add(follower);
    return () => {
      own.delete(follower);
      if (own.size === 0 && followers.get(userId) === own) followers.delete(userId);
    };
  }

  return {
    /**
     * A v3 WebSocket: `send` gets the current set now and each different one after; the
     * returned function stops it (on close).
     */
    async followSocket(userId: string, account: string, send: (set: EaRuleSet) => void) {
      let sentId = '';
      const deliver = (set: EaRuleSet) => {
        if (set.rulesId === sentId) return;
        sentId = set.rulesId;
        send(set);
      };
      const stop = follow(userId, { account, changed: deliver });
      deliver(eaRuleSet(await rules.get(userId), account));
      return stop;
    },

    /** A held v3 poll: `wake` runs when the rules change away from the ones the EA holds. */
    followPoll(userId: string, account: string, held: string | undefined, wake: () => void) {
      return follow(userId, {
        account,
        changed: (set) => {
          if (set.rulesId !== held) wake();
        },
      });
    },

    /** What a v3 poll reply adds: the rules, when the EA does not hold the current ones. */
    async forPoll(
      userId: string,
      account: string,
      held: string | undefined,
    ): Promise<{ rulesId?: string; rules?: EaRules }> {
      const set = eaRuleSet(await rules.get(userId), account);
      return set.rulesId === held ? {} : set;
    },
  };
}

export type RulesDelivery = ReturnType<typeof createRulesDelivery>;
