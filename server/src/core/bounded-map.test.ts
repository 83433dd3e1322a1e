import { describe, expect, it } from 'vitest';
import { setNewest } from './bounded-map.ts';

describe('setNewest', () => {
  it('drops the entry set longest ago once the map grows past its bound', () => {
    const map = new Map<string, number>();
    expect(setNewest(map, 'a', 1, 2)).toBeUndefined();
    expect(setNewest(map, 'b', 2, 2)).toBeUndefined();
    expect(setNewest(map, 'c', 3, 2)).toEqual(['a', 1]);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('moves a key set again to the newest place, so it is dropped last', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    expect(setNewest(map, 'a', 10, 2)).toBeUndefined();
    expect(setNewest(map, 'c', 3, 2)).toEqual(['b', 2]);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});
