import { describe, expect, it } from 'vitest';
import { within } from './within.ts';

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(resolve, ms, value));

describe('within', () => {
  it('answers with the promise when it settles in time', async () => {
    expect(await within(after(5, 'done'), 200, () => new Error('late'))).toBe('done');
    await expect(
      within(Promise.reject(new Error('own')), 200, () => new Error('late')),
    ).rejects.toThrow('own');
  });

  it('rejects with the given error once the time is up', async () => {
    const started = Date.now();
    await expect(within(after(1000, 'done'), 50, () => new Error('late'))).rejects.toThrow('late');
    expect(Date.now() - started).toBeLessThan(500);
  });
});
