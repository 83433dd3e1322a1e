import { describe, expect, it } from 'vitest';
import { slicedInterval } from './sliced-interval.ts';

const visitsReach = async (visits: unknown[], n: number) => {
  while (visits.length < n) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('slicedInterval', () => {
  it('visits each member once per period, a slice per tick, and no longer one deleted', async () => {
    const visits: number[][] = [];
    const work = slicedInterval<number>(80, 4, (members) => visits.push([...members]));
    for (let i = 0; i < 8; i++) work.add(i);

    await visitsReach(visits, 8);
    const twoPeriods = visits.slice(0, 8);
    // Two members a tick, never all eight at once …
    for (const members of twoPeriods) expect(members).toHaveLength(2);
    // … and every member once per period.
    for (let i = 0; i < 8; i++) expect(twoPeriods.flat().filter((m) => m === i)).toHaveLength(2);

    work.delete(3);
    const from = visits.length;
    await visitsReach(visits, from + 4);
    work.stop();
    const period = visits.slice(from, from + 4).flat();
    expect(period).not.toContain(3);
    expect(period.sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 7]);
  });

  it('keeps a member added twice in one slice, so one delete removes it', async () => {
    const visits: string[][] = [];
    const work = slicedInterval<string>(40, 2, (members) => visits.push([...members]));
    work.add('a');
    work.add('a');
    expect(work.size).toBe(1);
    await visitsReach(visits, 1);
    work.delete('a');
    const from = visits.length;
    // Two periods: a copy left in the other slice would be visited in each.
    await new Promise((resolve) => setTimeout(resolve, 80));
    work.stop();
    expect(visits.slice(from).flat()).toEqual([]);
  });
});
