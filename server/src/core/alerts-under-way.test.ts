import { describe, expect, it } from 'vitest';
import { tick } from '../../test/gated-write.ts';
import { createAlertsUnderWay } from './alerts-under-way.ts';

/** Whether a promise has settled by now. */
async function isSettled(promise: Promise<void>) {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await tick();
  return settled;
}

describe('alerts under way', () => {
  it('has nothing to wait for when no alert of the user is under way', () => {
    const underWay = createAlertsUnderWay();
    expect(underWay.settled('u1')).toBeNull();
    underWay.begin('u1')();
    expect(underWay.settled('u1')).toBeNull();
  });

  it('settles once every alert under way at the call has ended, not those begun later', async () => {
    const underWay = createAlertsUnderWay();
    const endA = underWay.begin('u1');
    const endB = underWay.begin('u1');
    const endOther = underWay.begin('u2');
    const settled = underWay.settled('u1')!;
    const endLater = underWay.begin('u1');

    endA();
    expect(await isSettled(settled)).toBe(false);
    endB();
    expect(await isSettled(settled)).toBe(true);
    // Another user's alert and one begun after the call do not hold it.
    expect(underWay.settled('u1')).not.toBeNull();
    endLater();
    endOther();
    expect(underWay.settled('u1')).toBeNull();
    expect(underWay.settled('u2')).toBeNull();
  });

  it('ends an alert once, however often its end is called', async () => {
    const underWay = createAlertsUnderWay();
    const endA = underWay.begin('u1');
    endA();
    const endB = underWay.begin('u1');
    endA();
    const settled = underWay.settled('u1')!;
    expect(await isSettled(settled)).toBe(false);
    endB();
    expect(await isSettled(settled)).toBe(true);
  });
});
