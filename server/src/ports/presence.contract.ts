import { describe, expect, it } from 'vitest';
import { type Presence, presencePruneAfterMs } from './presence.ts';

const t0 = Date.UTC(2025, 0, 6, 12, 0, 0);
const sorted = (members: string[]) => [...members].sort();

/**
 * The behaviour every Presence adapter must have. `make` is called inside each test and must
 * give a presence that shares nothing with other tests.
 */
export function presenceContract(name: string, make: () => Promise<Presence>) {
  describe(`Presence contract: ${name}`, () => {
    it('knows nobody before the first beat', async () => {
      const presence = await make();
      expect(await presence.lastSeen('owner')).toBeNull();
      expect(await presence.members('owner', 0)).toEqual([]);
    });

    it('lists the members seen since an instant', async () => {
      const presence = await make();
      await presence.beat([{ owner: 'owner', member: 'terminal-a', at: t0 }]);
      await presence.beat([{ owner: 'owner', member: 'terminal-b', at: t0 + 5000 }]);
      expect(sorted(await presence.members('owner', t0))).toEqual(['terminal-a', 'terminal-b']);
      expect(await presence.members('owner', t0 + 1)).toEqual(['terminal-b']);
      expect(await presence.members('owner', t0 + 5000)).toEqual(['terminal-b']);
      expect(await presence.members('owner', t0 + 5001)).toEqual([]);
      expect(await presence.lastSeen('owner')).toBe(t0 + 5000);
    });

    it('moves a member forward on each beat, never back', async () => {
      const presence = await make();
      await presence.beat([{ owner: 'owner', member: 'terminal-a', at: t0 }]);
      await presence.beat([{ owner: 'owner', member: 'terminal-a', at: t0 + 2000 }]);
      await presence.beat([{ owner: 'owner', member: 'terminal-a', at: t0 + 1000 }]); // a late, older beat
      expect(await presence.members('owner', t0 + 2000)).toEqual(['terminal-a']);
      expect(await presence.lastSeen('owner')).toBe(t0 + 2000);
    });

    it('keeps owners apart', async () => {
      const presence = await make();
      await presence.beat([{ owner: 'alice', member: 'terminal-a', at: t0 }]);
      await presence.beat([{ owner: 'bob', member: 'terminal-b', at: t0 + 10 }]);
      expect(await presence.members('alice', 0)).toEqual(['terminal-a']);
      expect(await presence.members('bob', 0)).toEqual(['terminal-b']);
      expect(await presence.lastSeen('alice')).toBe(t0);
    });

    it('records a batch of beats of several owners in one call', async () => {
      const presence = await make();
      await presence.beat([
        { owner: 'alice', member: 'terminal-a', at: t0 + 2000 },
        { owner: 'bob', member: 'terminal-b', at: t0 + 10 },
        { owner: 'alice', member: 'terminal-c', at: t0 },
        { owner: 'alice', member: 'terminal-a', at: t0 + 1000 }, // older, in the same batch
      ]);
      expect(sorted(await presence.members('alice', t0))).toEqual(['terminal-a', 'terminal-c']);
      expect(await presence.members('alice', t0 + 2000)).toEqual(['terminal-a']);
      expect(await presence.members('bob', 0)).toEqual(['terminal-b']);
      expect(await presence.lastSeen('alice')).toBe(t0 + 2000);
      expect(await presence.lastSeen('bob')).toBe(t0 + 10);
      await presence.beat([]);
      expect(await presence.lastSeen('alice')).toBe(t0 + 2000);
    });

    it('removes a member on leave but remembers when the owner was last seen', async () => {
      const presence = await make();
      await presence.beat([{ owner: 'owner', member: 'terminal-a', at: t0 }]);
      await presence.beat([{ owner: 'owner', member: 'terminal-b', at: t0 }]);
      await presence.leave('owner', 'terminal-a', t0 + 3000);
      expect(await presence.members('owner', 0)).toEqual(['terminal-b']);
      expect(await presence.lastSeen('owner')).toBe(t0 + 3000);
      await presence.leave('owner', 'terminal-b', t0 + 1000);
      expect(await presence.members('owner', 0)).toEqual([]);
      expect(await presence.lastSeen('owner')).toBe(t0 + 3000);
    });

    it('treats leaving an unknown member as a sighting only', async () => {
      const presence = await make();
      await presence.leave('owner', 'never-beat', t0);
      expect(await presence.members('owner', 0)).toEqual([]);
      expect(await presence.lastSeen('owner')).toBe(t0);
    });

    it('prunes members silent for longer than a day when another member beats', async () => {
      const presence = await make();
      await presence.beat([{ owner: 'owner', member: 'old', at: t0 }]);
      await presence.beat([{ owner: 'owner', member: 'fresh', at: t0 + presencePruneAfterMs + 1 }]);
      expect(await presence.members('owner', 0)).toEqual(['fresh']);
    });
  });
}
