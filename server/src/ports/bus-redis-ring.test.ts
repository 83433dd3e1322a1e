import { describe, expect, it, onTestFinished } from 'vitest';
import { sleep, until } from '../../../bridge/test/wait.ts';
import { openRedisBus } from '../../test/redis-bus.ts';
import { deleteRedisPrefix, uniquePrefix } from '../../test/services.ts';
import { inbox } from './bus.contract.ts';
import { settleSkippedAfterMs } from './bus-redis-alone.ts';

/**
 * Two instances of one deployment. Each hears announcements once a subscription of its own is
 * active: its control channels were subscribed first, on the same connection.
 */
async function twoInstances() {
  const prefix = uniquePrefix();
  onTestFinished(() => deleteRedisPrefix(prefix));
  const [a, b] = await Promise.all([openRedisBus(prefix), openRedisBus(prefix)]);
  const askedB: string[] = [];
  b.bus.onCatchUp((channel) => askedB.push(channel));
  return { a, b, askedB };
}

type Instance = Awaited<ReturnType<typeof openRedisBus>>;

/**
 * Once `instance` has read from Redis all that was published before now: a message it
 * publishes on relay:u1 has come back to `own`, its handler there.
 */
async function readUpToNow(instance: Instance, own: ReturnType<typeof inbox>) {
  const count = own.messages.length + 1;
  await instance.bus.publish('relay:u1', 'read up to here');
  await own.waitFor(count);
}

/** `a` subscribed to relay:u1 and told by a first doorbell that no other instance is. */
async function aloneOnChannel(a: Instance) {
  const own = inbox();
  await a.bus.subscribe('relay:u1', own.handler);
  // Its own announcement heard: a doorbell answered while an announcement was on its way is
  // not believed.
  await readUpToNow(a, own);
  expect(await a.bus.ringOthers('relay:u1', 'first')).toBe(0);
  // It went out: an instance hears its own message.
  await own.waitFor(2);
  own.messages.length = 0;
  return own;
}

describe('redis bus: doorbells for the other instances (ringOthers)', () => {
  it('stops sending once no other instance subscribes, and rings one that does', async () => {
    const { a, b } = await twoInstances();
    const own = await aloneOnChannel(a);
    expect(await a.bus.ringOthers('relay:u1', 'skipped')).toBe(0);
    await a.bus.publish('relay:u1', 'marker');
    expect(await own.waitFor(1)).toEqual(['marker']);

    // Once a has heard b's announcement, its doorbells reach b.
    const onB = inbox();
    await b.bus.subscribe('relay:u1', onB.handler);
    await readUpToNow(a, own);
    expect(await a.bus.ringOthers('relay:u1', 'for b')).toBe(1);
    expect(await onB.waitFor(2)).toEqual(['read up to here', 'for b']);
  });

  it('has an instance whose subscription it had not yet heard of catch up on what it skipped', async () => {
    const { a, b, askedB } = await twoInstances();
    await aloneOnChannel(a);
    // a reads nothing from Redis for a while: b's announcement waits in its socket.
    a.subscriber.stream.pause();
    onTestFinished(() => {
      a.subscriber.stream.resume();
    });
    const onB = inbox();
    await b.bus.subscribe('relay:u1', onB.handler);
    expect(await a.bus.ringOthers('relay:u1', 'skipped')).toBe(0);
    expect(askedB).toEqual([]);
    a.subscriber.stream.resume();
    await until(() => askedB.length > 0, 2000, 'b to be asked to catch up');
    expect(askedB).toEqual(['relay:u1']);
    // From then on a rings b.
    expect(await a.bus.ringOthers('relay:u1', 'rung')).toBe(1);
    expect(await onB.waitFor(1)).toEqual(['rung']);
  });

  it('has an instance that subscribed while its subscriber was cut off catch up', async () => {
    const { a, b, askedB } = await twoInstances();
    await aloneOnChannel(a);
    expect(await a.bus.ringOthers('relay:u1', 'skipped')).toBe(0);
    // a stays away long enough for b to subscribe unheard.
    a.subscriber.options.retryStrategy = () => 300;
    const closed = new Promise((resolve) => a.subscriber.once('close', resolve));
    await a.publisher.client('KILL', 'ID', String(await a.subscriber.client('ID')));
    await closed;
    await b.bus.subscribe('relay:u1', () => {});
    await until(() => askedB.length > 0, 2000, 'b to be asked to catch up');
    expect(askedB).toEqual(['relay:u1']);
  });

  it('rings an instance again once its subscriber is back from a cut-off', async () => {
    const { a, b } = await twoInstances();
    const onB = inbox();
    await b.bus.subscribe('relay:u1', onB.handler);
    // b is cut off long enough for a to find itself alone on the channel and skip.
    b.subscriber.options.retryStrategy = () => 300;
    const back = new Promise<void>((resolve) => b.bus.onResubscribed(resolve));
    const closed = new Promise((resolve) => b.subscriber.once('close', resolve));
    await b.publisher.client('KILL', 'ID', String(await b.subscriber.client('ID')));
    await closed;
    await aloneOnChannel(a);
    expect(await a.bus.ringOthers('relay:u1', 'skipped')).toBe(0);
    await back;
    // b's subscriptions came back unannounced, one at a time: it announced them all at once.
    const own = inbox();
    await a.bus.subscribe('marker', own.handler);
    await a.bus.publish('marker', 'read up to here');
    await own.waitFor(1);
    expect(await a.bus.ringOthers('relay:u1', 'rung')).toBe(1);
    await until(() => onB.messages.includes('rung'), 2000, 'b to be rung');
  });

  it('forgets a skip once its subscriber connection has caught up with Redis', async () => {
    const { a, b, askedB } = await twoInstances();
    const own = await aloneOnChannel(a);
    expect(await a.bus.ringOthers('relay:u1', 'skipped')).toBe(0);
    // Settled: the PING goes after `settleSkippedAfterMs`, and is answered long before this.
    await sleep(settleSkippedAfterMs * 3);
    const onB = inbox();
    await b.bus.subscribe('relay:u1', onB.handler);
    await readUpToNow(a, own);
    // An ask to catch up, had a made one on hearing b, would reach b before this doorbell.
    expect(await a.bus.ringOthers('relay:u1', 'rung')).toBe(1);
    expect(await onB.waitFor(2)).toEqual(['read up to here', 'rung']);
    expect(askedB).toEqual([]);
  });

  it('fails a subscription it cannot announce', async () => {
    const { a } = await twoInstances();
    a.publisher.disconnect();
    await expect(a.bus.subscribe('relay:u1', () => {})).rejects.toThrow();
  });
});
