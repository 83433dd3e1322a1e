import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createSignalIds } from './signal-ids.ts';

describe('signal ids', () => {
  it('are UUIDv7, distinct and increasing, across several fills of the random pool', () => {
    const newSignalId = createSignalIds();
    const ids = Array.from({ length: 1000 }, newSignalId);
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carry the time they were made', () => {
    const before = Date.now();
    const id = createSignalIds()();
    const msecs = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now());
  });
});
