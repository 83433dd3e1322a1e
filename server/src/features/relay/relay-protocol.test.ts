import {
  eaFrameSchema,
  helloSchema,
  pollRequestSchema,
  resultSchema,
  serverFrameSchema,
  signalSchema,
} from '@signalrelay/contracts/ea-protocol';
import { webhookAlertSchema } from '@signalrelay/contracts/signals';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SignalRow, toEaSignal } from '../../core/signal-rows.ts';

/**
 * Property-based tests of the EA protocol (contracts/src/ea-protocol.ts) as the server uses it: what
 * an EA may send is read back exactly whatever else the frame carries, anything else is
 * refused without an exception, and every signal the server can build from an accepted alert
 * is a valid protocol signal.
 */

const digits = fc.stringMatching(/^\d{1,20}$/);
const id = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 64 }));
/** The protocol's number ranges (ea/PROTOCOL.md, "Number ranges"). */
const int4 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const timeMs = fc.integer({ min: 0, max: 253_402_300_799_999 });
const identity = fc.record({
  licenseNumber: fc.string({ minLength: 1, maxLength: 128 }),
  platform: fc.constantFrom('mt4' as const, 'mt5' as const),
  account: digits,
  broker: fc.string({ maxLength: 128 }),
});
const result = fc.record(
  {
    id,
    status: fc.constantFrom('success' as const, 'error' as const, 'skipped' as const),
    ticket: fc.oneof(digits, fc.constant('')),
    price: fc.double({ min: 0, max: 1e12, noNaN: true }),
    message: fc.string({ maxLength: 1000 }),
    retcode: int4,
    executedAt: timeMs,
  },
  { requiredKeys: ['id', 'status'] },
);
const eaFrame = fc.oneof(
  identity.chain((who) =>
    fc
      .record(
        { eaVersion: fc.string({ maxLength: 32 }), terminalBuild: fc.nat({ max: 2 ** 31 - 1 }) },
        { requiredKeys: [] },
      )
      .map((more) => ({ type: 'hello' as const, v: 1 as const, ...who, ...more })),
  ),
  id.map((value) => ({ type: 'received' as const, id: value })),
  result.map((r) => ({ type: 'result' as const, ...r })),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((t) => ({ type: 'ping' as const, t })),
);
/** Fields a later EA might add: ignored, whatever they hold. */
const unknownFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !['type', 'v', 'id', 't'].includes(k)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 4 },
);
/** JSON round trip, as the frame travels. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('EA protocol, property-based', () => {
  it('reads back every frame an EA may send, ignoring fields it does not know', () => {
    fc.assert(
      fc.property(eaFrame, unknownFields, (frame, extra) => {
        const known = new Set(Object.keys(frame));
        const withExtra = {
          ...Object.fromEntries(Object.entries(extra).filter(([k]) => !known.has(k))),
          ...frame,
        };
        const parsed = eaFrameSchema.safeParse(wire(withExtra));
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(wire(frame));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses anything else without throwing, and what it accepts has the declared shape', () => {
    const frameLike = fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('hello', 'received', 'result', 'ping', 'welcome', ''),
          fc.string(),
        ),
        v: fc.oneof(fc.constant(1), fc.jsonValue()),
        id: fc.oneof(id, fc.jsonValue()),
        t: fc.oneof(fc.double(), fc.jsonValue()),
        status: fc.oneof(fc.constantFrom('success', 'error', 'skipped'), fc.jsonValue()),
        licenseNumber: fc.jsonValue(),
        platform: fc.oneof(fc.constantFrom('mt4', 'mt5', 'MT5'), fc.jsonValue()),
        account: fc.oneof(digits, fc.jsonValue()),
        broker: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(frameLike, fc.jsonValue()), (value) => {
        const parsed = eaFrameSchema.safeParse(value);
        if (!parsed.success) return;
        const frame = parsed.data;
        expect(['hello', 'received', 'result', 'ping']).toContain(frame.type);
        if (frame.type === 'hello') {
          expect(frame.v).toBe(1);
          expect(frame.account).toMatch(/^\d{1,20}$/);
          expect(helloSchema.safeParse(frame).success).toBe(true);
        }
        if (frame.type === 'result') expect(resultSchema.safeParse(frame).success).toBe(true);
        if (frame.type === 'ping') expect(typeof frame.t).toBe('number');
      }),
      { numRuns: 3000 },
    );
  });

  it('takes up to 1,000 ids and results in a poll, and refuses more', () => {
    fc.assert(
      fc.property(
        identity,
        fc.array(id, { maxLength: 1000 }),
        fc.array(result, { maxLength: 20 }),
        fc.integer({ min: 1, max: 50 }),
        (who, received, results, over) => {
          const body = { v: 1, ...who, received, results };
          const parsed = pollRequestSchema.safeParse(wire(body));
          expect(parsed.success).toBe(true);
          expect(parsed.data?.received).toEqual(received);
          const tooMany = { ...body, received: [...received, ...Array(1000 + over).fill('x')] };
          expect(pollRequestSchema.safeParse(tooMany).success).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('every alert the webhook accepts becomes a valid protocol signal and signal frame', () => {
    const symbol = fc.stringMatching(/^[A-Za-z0-9._#+!\-/]{1,64}$/);
    const alert = fc.record({
      licenseNumber: fc.constant('SR-ANY'),
      symbol,
      position: fc.constantFrom(
        'buy',
        'sell',
        'closebuy',
        'closesell',
        'closeall',
        'LONG',
        'Short',
      ),
      lot: fc.oneof(fc.double({ min: 0.01, max: 1000, noNaN: true }), fc.constant('0.5')),
      price: fc.double({ min: 0, max: 1e9, noNaN: true }),
      slpoint: fc.double({ min: 1, max: 1e7, noNaN: true }),
      tppoint: fc.double({ min: 0, max: 1e7, noNaN: true }),
      riskPercentage: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 100, noNaN: true })),
      isTest: fc.boolean(),
      platform: fc.constantFrom(undefined, 'mt4', 'mt5'),
    });
    fc.assert(
      fc.property(
        alert,
        fc.integer({ min: 0, max: 2 ** 42 }),
        fc.integer({ min: -60_000, max: 600_000 }),
        (raw, receivedAt, ttlLeft) => {
          const parsed = webhookAlertSchema.safeParse(raw);
          if (!parsed.success) return;
          const a = parsed.data;
          const row = {
            ...a,
            id: '01936f6e-8a2b-7c3d-9e4f-0a1b2c3d4e5f',
            userId: '01936f6e-0000-7000-8000-000000000000',
            status: 'pending',
            receivedAt: new Date(receivedAt),
            expiresAt: new Date(receivedAt + 30_000),
          } as unknown as SignalRow;
          const signal = toEaSignal(row, receivedAt + 30_000 - ttlLeft);
          const checked = signalSchema.safeParse(wire(signal));
          expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
          expect(serverFrameSchema.safeParse(wire({ type: 'signal', signal })).success).toBe(true);
          expect(signal.ttlMs).toBe(ttlLeft);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
