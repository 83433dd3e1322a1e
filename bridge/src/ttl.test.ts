import { describe, expect, it } from 'vitest';
import { isExpired, ttlDeadline } from './ttl.ts';

describe('ttl', () => {
  it('counts from arrival on the monotonic clock', () => {
    const deadline = ttlDeadline(1000, 5000);
    expect(isExpired(deadline, 5999)).toBe(false);
    expect(isExpired(deadline, 6000)).toBe(true);
  });

  it('treats ttlMs ≤ 0 as already expired', () => {
    expect(isExpired(ttlDeadline(0, 5000), 0)).toBe(true);
    expect(isExpired(ttlDeadline(-20, 5000), 0)).toBe(true);
  });
});
