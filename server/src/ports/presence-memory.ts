import { type Presence, presencePruneAfterMs } from './presence.ts';

type Owner = { last: number; members: Map<string, number> };

/**
 * In-process presence for a single server. Owners are never forgotten here: the process
 * restarting forgets them sooner than the 30-day retention would.
 */
export function createMemoryPresence(): Presence {
  const owners = new Map<string, Owner>();

  function ownerOf(id: string): Owner {
    let owner = owners.get(id);
    if (!owner) {
      owner = { last: Number.NEGATIVE_INFINITY, members: new Map() };
      owners.set(id, owner);
    }
    return owner;
  }

  return {
    async beat(beats) {
      for (const { owner: ownerId, member, at } of beats) {
        const owner = ownerOf(ownerId);
        owner.members.set(member, Math.max(at, owner.members.get(member) ?? at));
        owner.last = Math.max(owner.last, at);
        const pruneBefore = at - presencePruneAfterMs;
        for (const [id, seen] of owner.members) if (seen < pruneBefore) owner.members.delete(id);
      }
    },
    async leave(ownerId, member, at) {
      const owner = ownerOf(ownerId);
      owner.members.delete(member);
      owner.last = Math.max(owner.last, at);
    },
    async lastSeen(ownerId) {
      return owners.get(ownerId)?.last ?? null;
    },
    async members(ownerId, since) {
      const owner = owners.get(ownerId);
      if (!owner) return [];
      return [...owner.members].filter(([, seen]) => seen >= since).map(([id]) => id);
    },
    async close() {
      owners.clear();
    },
  };
}
