import { webhookAlertSchema } from '@signalrelay/contracts/signals';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';

/**
 * Numbers sent as text, as TradingView placeholders make them (the parser's property-based
 * tests are in signals-schemas.test.ts).
 */

describe('number strings in alerts', () => {
  const alertWithLot = (lot: unknown) => ({
    licenseNumber: 'SR-X',
    symbol: 'EURUSD',
    position: 'buy',
    lot,
  });

  it('reads the plain decimals TradingView placeholders produce, spaces and signs included', () => {
    for (const [text, value] of [
      ['0.01', 0.01],
      [' 5 ', 5],
      ['+2', 2],
      ['.5', 0.5],
      ['3.', 3],
    ] as const) {
      expect(parseInput(webhookAlertSchema, alertWithLot(text)).lot).toBe(value);
    }
  });

  it('refuses hex, exponents, Infinity, NaN and decimal commas with a message naming the field', () => {
    for (const text of ['0x10', '1e3', 'Infinity', 'NaN', '0,5', '1_000', '0b11']) {
      const err = (() => {
        try {
          parseInput(webhookAlertSchema, alertWithLot(text));
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).message).toBe(
        `lot: must be a plain decimal number such as 0.01, not "${text}"`,
      );
    }
  });
});
