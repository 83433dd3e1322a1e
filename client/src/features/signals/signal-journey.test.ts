import { describe, expect, it } from 'vitest';
import { signalProgress, slippageOf, slippageText } from './signal-journey.ts';
import type { SignalView } from './signals-api.ts';

const delivery = {
  account: '12345',
  broker: 'Broker',
  platform: 'mt5',
  transport: 'ws',
  eaVersion: '1.1.0',
} as const;
const base = {
  id: '0193',
  status: 'pending',
  isTest: false,
  platform: 'mt5',
  position: 'buy',
  price: 0,
  receivedAt: '2026-11-24T14:02:57.000Z',
  expiresAt: '2026-11-24T14:03:27.000Z',
  deliveredAt: null,
  executedAt: null,
  timings: { deliveryMs: null, executionMs: null },
  ticket: null,
  executedPrice: null,
  retcode: null,
  errorMessage: null,
  rawBody: null,
  rule: null,
  delivery: null,
} as unknown as SignalView;
const signal = (fields: Partial<SignalView>) => ({ ...base, ...fields }) as SignalView;
const delivered = {
  deliveredAt: '2026-11-24T14:02:57.003Z',
  timings: { deliveryMs: 3, executionMs: null },
  delivery,
};

describe('signal progress', () => {
  it('says at once that no EA of the platform will take it, with the real TTL', () => {
    expect(signalProgress(signal({}), [])).toEqual({
      tone: 'warning',
      text: 'No MT5 EA connected for this license: the signal will expire in 30 s.',
    });
    expect(signalProgress(signal({ platform: null }), []).text).toBe(
      'No EA connected for this license: the signal will expire in 30 s.',
    );
    // An MT4 terminal does not take an MT5 signal.
    expect(signalProgress(signal({}), ['mt4']).tone).toBe('warning');
    expect(signalProgress(signal({}), ['mt5']).text).toBe(
      'Waiting for your MT5 EA to take it (it expires in 30 s).',
    );
  });

  it('names the terminal it was delivered to, then its answer', () => {
    expect(signalProgress(signal(delivered)).text).toBe(
      'Delivered to account 12345 (Broker) in 3 ms: waiting for its result.',
    );
    expect(signalProgress(signal({ ...delivered, status: 'success', isTest: true })).text).toBe(
      'Received by the EA on account 12345 (Broker) in 3 ms: test signals are logged, not traded.',
    );
    expect(
      signalProgress(
        signal({ ...delivered, status: 'success', ticket: '50000001', executedPrice: 1.08412 }),
      ),
    ).toEqual({ tone: 'success', text: 'Executed: ticket 50000001 at 1.08412.' });
    expect(
      signalProgress(
        signal({ ...delivered, status: 'error', retcode: 10019, errorMessage: 'Not enough money' }),
      ).text,
    ).toBe('Refused by the broker: Not enough money (retcode 10019).');
    // Beside Error Details, which show the reason, the sentence does not repeat it.
    const shown = { reasonShown: true };
    expect(
      signalProgress(
        signal({ ...delivered, status: 'error', retcode: 10019, errorMessage: 'Not enough money' }),
        null,
        shown,
      ).text,
    ).toBe('Refused by the broker (retcode 10019).');
    expect(
      signalProgress(
        signal({ ...delivered, status: 'error', errorMessage: 'Market closed' }),
        null,
        shown,
      ).text,
    ).toBe('Not executed.');
    expect(signalProgress(signal({ status: 'failed' })).text).toBe(
      'Expired: no MT5 EA took it within 30 s.',
    );
    // Failed before its time, with the server's reason.
    expect(
      signalProgress(signal({ status: 'failed', errorMessage: 'The database did not answer.' }))
        .text,
    ).toBe('Not sent to your EA: The database did not answer.');
    expect(
      signalProgress(
        signal({ status: 'failed', errorMessage: 'The database did not answer.' }),
        null,
        { reasonShown: true },
      ).text,
    ).toBe('Not sent to your EA.');
  });
});

describe('slippage', () => {
  it('is measured against the trader: a buy filled higher, a sell filled lower', () => {
    expect(slippageOf({ position: 'buy', price: 1.085, executedPrice: 1.08512 })).toBe(0.00012);
    expect(slippageOf({ position: 'sell', price: 1.085, executedPrice: 1.08512 })).toBe(-0.00012);
    expect(slippageOf({ position: 'closebuy', price: 1.085, executedPrice: 1.08497 })).toBe(
      0.00003,
    );
    expect(slippageText(0.00012)).toBe('0.00012 worse than the alert price');
    expect(slippageText(-0.00012)).toBe('0.00012 better than the alert price');
  });

  it('is not measured for a market alert (price 0), an unfilled signal or a close of all', () => {
    expect(slippageOf({ position: 'buy', price: 0, executedPrice: 1.08512 })).toBeNull();
    expect(slippageOf({ position: 'buy', price: 1.085, executedPrice: null })).toBeNull();
    expect(slippageOf({ position: 'closeall', price: 1.085, executedPrice: 1.08 })).toBeNull();
  });
});
