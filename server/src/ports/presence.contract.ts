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
      await presence.beat('owner', 'terminal-a', t0);
      await presence.beat('owner', 'terminal-b', t0 + 5000);
      expect(sorted(await presence.members('owner', t0))).toEqual(['terminal-a', 'terminal-b']);
      expect(await presence.members('owner', t0 + 1)).toEqual(['terminal-b']);
      expect(await presence.members('owner', t0 + 5000)).toEqual(['terminal-b']);
      expect(await presence.members('owner', t0 + 5001)).toEqual([]);
      expect(await presence.lastSeen('owner')).toBe(t0 + 5000);
    });

    it('moves a member forward on each beat, never back', async () => {
      const presence = await make();
      await presence.beat('owner', 'terminal-a', t0);
      await presence.beat('owner', 'terminal-a', t0 + 2000);
      await presence.beat('owner', 'terminal-a', t0 + 1000); // a late, older beat
      expect(await presence.members('owner', t0 + 2000)).toEqual(['terminal-a']);
      expect(await presence.lastSeen('owner')).toBe(t0 + 2000);
    });

    it('keeps owners apart', async () => {
      const presence = await make();
      await presence.beat('alice', 'terminal-a', t0);
      await presence.beat('bob', 'terminal-b', t0 + 10);
      expect(await presence.members('alice', 0)).toEqual(['terminal-a']);
      expect(await presence.members('bob', 0)).toEqual(['terminal-b']);
      expect(await presence.lastSeen('alice')).toBe(t0);
    });

    it('removes a member on leave but remembers when the owner was last seen', async () => {
      const presence = await make();
      await presence.beat('owner', 'terminal-a', t0);
      await presence.beat('owner', 'terminal-b', t0);
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
      await presence.beat('owner', 'old', t0);
      await presence.beat('owner', 'fresh', t0 + presencePruneAfterMs + 1);
      expect(await presence.members('owner', 0)).toEqual(['fresh']);
    });
  });
}
