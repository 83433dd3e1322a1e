import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  readPlainPoll,
  readPlainResult,
  readPlainResultFrame,
  readPlainResultRequest,
} from './ea-plain-readers.ts';
import {
  pollRequestSchema,
  resultFrameSchema,
  resultRequestSchema,
  resultSchema,
} from './ea-protocol.ts';

/**
 * The plain readers stand in for zod on the relay's hot path, so each must give exactly what
 * its schema gives, and read every message its schema accepts (a poll with `health` aside).
 * Messages are made of each field's valid values, the edges around them, and values of the
 * wrong type; the generators are built from the schemas' own keys, so a field added to a
 * schema fails here until it has values, and then fails again if its reader drops it.
 */
const text = (length: number, char = 'a') => char.repeat(length);
const wrongTypes: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  '',
  ' ',
  [],
  {},
  ['x'],
  { a: 1 },
];
const numberEdges: unknown[] = [
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  2 ** 31,
  -(2 ** 31) - 1,
  1e12 + 1,
  253_402_300_800_000,
  1e6 + 0.5,
  25_001,
  2 ** 53,
];
const textEdges: unknown[] = [text(33), text(65), text(129), text(1001), 'Success', 'result '];

const absent = Symbol('absent');

/** Valid values of every field of the EA messages (of whichever schema has it). */
const validValues: Record<string, unknown[]> = {
  id: ['sig_01', text(1), text(64)],
  status: ['success', 'error', 'skipped'],
  ticket: ['', '0', '123456789', text(20, '9')],
  price: [0, 1.23456, 1e12],
  message: ['', 'Done', text(1000)],
  retcode: [0, 10009, -(2 ** 31), 2 ** 31 - 1],
  executedAt: [0, 1_764_000_000_000, 253_402_300_799_999],
  volume: [0, 0.01, 1e6],
  rule: ['maxLot', 'maxOpenPositions', 'maxDailyLoss'],
  type: ['result'],
  licenseNumber: ['SR-ABCD-1234', text(1), text(128)],
  platform: ['mt4', 'mt5'],
  account: ['12345678', text(20, '1')],
  broker: ['', 'ICMarkets-Demo', text(128)],
  v: [1, 2, 3],
  eaVersion: ['', '3.1.0', text(32)],
  terminalBuild: [0, 1420, 2 ** 31 - 1],
  instanceId: ['abcd1234', text(64, 'Z'), 'a-b_c-d_'],
  chart: ['', 'EURUSD,H1', text(64)],
  // Mostly absent: a poll that reports health is left to the schema.
  health: [
    absent,
    absent,
    absent,
    [],
    [{ code: 'AUTOTRADING_OFF', message: 'AutoTrading is off' }],
  ],
  received: [[], ['sig_01', 'sig_02'], Array.from({ length: 1000 }, (_, i) => `s${i}`)],
  results: [[], [{ id: 'sig_01', status: 'success', ticket: '1' }]],
  waitMs: [0, 2000, 25_000],
  rulesId: ['', 'r1', text(64)],
};

/** Values on each field's edges that its schema refuses. */
const invalidValues: Record<string, unknown[]> = {
  id: ['', text(65)],
  status: ['Success', 'ok'],
  ticket: ['12a', text(21, '1'), ' 1'],
  price: [-0.01, 1e12 + 1],
  message: [text(1001)],
  retcode: [2 ** 31, -(2 ** 31) - 1, 1.5],
  executedAt: [-1, 253_402_300_800_000, 1.5],
  volume: [-0.01, 1e6 + 0.5],
  rule: ['maxlot', 'maxDailyProfit'],
  type: ['Result', 'ping'],
  licenseNumber: ['', text(129)],
  platform: ['MT4', 'mt6'],
  account: ['', '12a', text(21, '1')],
  broker: [text(129)],
  v: [0, 4, '3'],
  eaVersion: [text(33)],
  terminalBuild: [-1, 2 ** 31, 1.5],
  instanceId: ['short', 'has space 123', text(65)],
  chart: [text(65)],
  health: [[{ code: 'NOPE', message: 'x' }]],
  received: [Array.from({ length: 1001 }, (_, i) => `s${i}`), [''], [text(65)], [1]],
  results: [[{ id: 'x' }], [{ id: '', status: 'success' }], [null], 'x'],
  waitMs: [-1, 25_001, 1.5],
  rulesId: [text(65)],
};

/** Messages for `schema`: each of its fields valid, invalid or absent, plus a stray key. */
function messages(schema: z.ZodObject) {
  const fields = Object.keys(schema.shape).map((key) => {
    const valid = validValues[key];
    if (!valid || !invalidValues[key]) {
      throw new Error(`no values for the field "${key}": add them to this test`);
    }
    const value = fc.oneof(
      { arbitrary: fc.constantFrom(...valid), weight: 24 },
      { arbitrary: fc.constantFrom(...invalidValues[key]), weight: 1 },
      { arbitrary: fc.constantFrom(...wrongTypes, ...numberEdges, ...textEdges), weight: 1 },
      { arbitrary: fc.constant(absent), weight: 1 },
    );
    return [key, value] as const;
  });
  return fc
    .tuple(fc.tuple(...fields.map(([, value]) => value)), fc.boolean())
    .map(([values, stray]) => {
      const message: Record<string, unknown> = {};
      fields.forEach(([key], i) => {
        if (values[i] !== absent) message[key] = values[i];
      });
      if (stray) message.futureField = 'from a later EA';
      return message;
    });
}

const pairs = [
  { name: 'result', schema: resultSchema, read: readPlainResult },
  { name: 'result frame', schema: resultFrameSchema, read: readPlainResultFrame },
  { name: '/result body', schema: resultRequestSchema, read: readPlainResultRequest },
  { name: 'long-poll', schema: pollRequestSchema, read: readPlainPoll },
] as const;

describe('the EA messages’ plain readers', () => {
  for (const { name, schema, read } of pairs) {
    it(`read a ${name} as its schema does, and every one it accepts`, () => {
      let readCount = 0;
      fc.assert(
        fc.property(messages(schema), (message) => {
          const parsed = schema.safeParse(message);
          const plain = read(message);
          if (plain !== null) {
            readCount++;
            expect(parsed.success).toBe(true);
            expect(plain).toStrictEqual(parsed.data);
            expect(JSON.stringify(plain)).toBe(JSON.stringify(parsed.data));
          } else if (parsed.success) {
            // Only a poll reporting health is left to the schema.
            expect('health' in message).toBe(true);
          }
        }),
        { numRuns: 5000 },
      );
      // The generator must reach both sides.
      expect(readCount).toBeGreaterThan(50);
    });
  }

  it('decline what is not an object', () => {
    for (const value of [null, undefined, 'x', 1, [], [{ id: 'a', status: 'success' }]]) {
      expect(readPlainResult(value)).toBeNull();
      expect(readPlainPoll(value)).toBeNull();
    }
  });
});
