import { alertNumberFields } from '@signalrelay/contracts/signals';
import fc from 'fast-check';
import { withChanges } from '../with-changes.ts';

/*
 * What fuzz.test.ts sends: fast-check arbitraries for webhook bodies (with their content
 * types), long-poll, result and orders-report bodies, and WebSocket frames. Each is mostly
 * valid input for real licenses, with fields replaced, removed or added, and values no client
 * should send.
 */

const webhookFields = [
  'licenseNumber',
  'symbol',
  'position',
  ...alertNumberFields,
  'platform',
  'alertId',
  'senderPlatform',
  'isTest',
];
const nasty = fc.constantFrom<unknown>(
  '',
  ' ',
  'NaN',
  '1e400',
  '-1',
  '0x1F',
  '__proto__',
  "'; drop table signals; --",
  '<script>alert(1)</script>',
  '\u0000',
  '\uD800',
  'A'.repeat(10_000),
  { $gt: '' },
  [1, 2, 3],
  null,
  true,
  -0,
  Number.MAX_SAFE_INTEGER,
  1e308,
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty, fc.double());
/** Takes a valid object and replaces or removes up to three of its fields (or adds some). */
const mutate = <T extends Record<string, unknown>>(valid: fc.Arbitrary<T>, names: string[]) =>
  fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string()), fc.option(anyValue)), {
        maxLength: 3,
      }),
    )
    .map(([object, changes]) => withChanges(object, changes));
/** Alerts for real licenses (and guessed ones), mostly valid, some broken in a few fields. */
export const alertish = (licenses: string[]) =>
  mutate(
    fc.record({
      licenseNumber: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...licenses) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      ),
      symbol: fc.constantFrom('EURUSD', 'OANDA:XAUUSD', 'BTCUSD.m', 'US30'),
      position: fc.constantFrom('buy', 'SELL', 'Long', 'close_all', 'closebuy', 'short'),
      lot: fc.constantFrom(0.01, '0.1', ' 1 ', 2),
      isTest: fc.boolean(),
      alertId: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    }),
    webhookFields,
  );

export const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('text/plain', 'application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain; charset=utf-8',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
      'text/html',
      '',
    ),
  },
);
/** Bodies as bytes: JSON of objects, JSON of anything, text, binary, and oversized ones. */
export const body = (objects: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: objects.map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.json() },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((kb) => 'x'.repeat(kb * 1024)) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 10, max: 5000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
    },
  );

const identityNames = ['v', 'licenseNumber', 'platform', 'account', 'broker'];
const identityish = (licenses: string[]) =>
  mutate(
    fc.record({
      v: fc.constant(1),
      licenseNumber: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...licenses) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      ),
      platform: fc.constantFrom('mt4', 'mt5'),
      account: fc.stringMatching(/^\d{1,12}$/),
      broker: fc.string({ maxLength: 20 }),
    }),
    identityNames,
  );
export const pollish = (licenses: string[]) =>
  fc
    .tuple(
      identityish(licenses),
      fc.record(
        {
          received: fc.oneof(
            fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 50 }),
            anyValue,
          ),
          results: fc.oneof(
            fc.array(fc.record({ id: fc.oneof(fc.uuid(), anyValue), status: anyValue }), {
              maxLength: 5,
            }),
            anyValue,
          ),
          waitMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), anyValue),
        },
        { requiredKeys: [] },
      ),
    )
    // Held polls would only slow the fuzz down: ask for no hold unless the input says otherwise.
    .map(([who, more]) => ({ waitMs: 0, ...who, ...more }));
export const resultish = (licenses: string[]) =>
  fc
    .tuple(
      identityish(licenses),
      fc.record(
        { id: fc.oneof(fc.uuid(), anyValue), status: anyValue, ticket: anyValue },
        { requiredKeys: [] },
      ),
    )
    .map(([a, b]) => ({ ...a, ...b }));
export const ordersish = (licenses: string[]) =>
  fc
    .tuple(
      identityish(licenses),
      fc.oneof(
        fc.array(
          fc.record(
            {
              ticket: fc.oneof(fc.stringMatching(/^\d{1,8}$/), anyValue),
              symbol: anyValue,
              orderType: fc.oneof(fc.constantFrom('buy', 'sell'), anyValue),
              lots: anyValue,
              openPrice: anyValue,
              status: fc.oneof(fc.constantFrom('open', 'closed'), anyValue),
              openTime: fc.oneof(fc.constant(Date.now()), anyValue),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 10 },
        ),
        anyValue,
      ),
    )
    .map(([who, rows]) => ({ ...who, orders: rows }));
export const frameish = (licenses: string[]) =>
  fc.oneof(
    fc.uuid().map((id) => ({ type: 'received', id })),
    fc
      .record({ id: fc.uuid(), status: fc.constantFrom('success', 'error', 'skipped', 'done') })
      .map((r) => ({ type: 'result', ...r })),
    identityish(licenses).map((who) => ({ type: 'hello', ...who })),
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('hello', 'received', 'result', 'ping', 'pong', 'signal'),
          anyValue,
        ),
        id: fc.oneof(fc.uuid(), anyValue),
        t: anyValue,
        status: anyValue,
        v: anyValue,
        licenseNumber: fc.oneof(fc.constantFrom(...licenses), anyValue),
      },
      { requiredKeys: [] },
    ),
    anyValue,
  );
