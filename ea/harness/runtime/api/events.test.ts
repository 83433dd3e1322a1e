import { describe, expect, it } from 'vitest';
import { mt5Request } from '../../host/broker/test-worlds.ts';
import { probeHostForFile } from './test/fake-host.ts';

/**
 * The event model and the host protocol: timers and ticks coalesce (at most one waiting, none
 * added while one is handled), trade transactions arrive as MQL structs, OnInit's code and the
 * deinit reasons, and calls that carry enums by name, structs by field and by-reference
 * results in `out`, where a host that refuses a call stops the EA.
 */
const host = probeHostForFile();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('events', () => {
  it('fires a 20 ms timer after each 100 ms OnTimer, never a backlog, and stops on EventKillTimer', async () => {
    const run = host().run({ Scenario: 'timer' });
    await run.line(/^timer killed$/);
    await sleep(300);
    run.send({ event: 'deinit', reason: 'REASON_REMOVE' });
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const gaps = run.texts().flatMap((t) => (t.startsWith('gap ') ? [Number(t.slice(4))] : []));
    expect(gaps).toHaveLength(4);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(100);
      expect(gap).toBeLessThan(200);
    }
    expect(run.texts()).toContain('deinit 1 timer 5 ticks 0');
  });

  it('runs OnTick for the chart symbol only, dropping ticks that come while it runs', async () => {
    const run = host().run({ Scenario: 'ticks' });
    await run.line(/^ready$/);
    run.send({ event: 'tick', symbol: 'GBPUSD' });
    for (let i = 0; i < 10; i++) run.send({ event: 'tick', symbol: 'EURUSD' });
    await run.line(/^tick 1$/);
    await sleep(400);
    run.send({ event: 'tick', symbol: 'EURUSD' });
    await run.line(/^tick 2$/);
    await sleep(300);
    run.send({ event: 'deinit', reason: 'REASON_CHARTCLOSE' });
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.texts()).toContain('deinit 4 timer 0 ticks 2');
  });

  it('hands trade events to OnTradeTransaction with enum fields read by name', async () => {
    const run = host().run({ Scenario: 'transactions' });
    await run.line(/^ready$/);
    const trans = {
      type: 'TRADE_TRANSACTION_DEAL_ADD',
      symbol: 'EURUSD',
      order_type: 'ORDER_TYPE_SELL',
    };
    run.send({ event: 'trade', trans, request: {}, result: {} });
    await run.line(/^transaction 6 EURUSD 1 0 0$/);
    run.send({
      event: 'trade',
      trans: { type: 'TRADE_TRANSACTION_REQUEST', symbol: 'EURUSD' },
      request: { action: 'TRADE_ACTION_DEAL', type: 'ORDER_TYPE_BUY' },
      result: { retcode: 10009 },
    });
    await run.line(/^transaction 10 EURUSD 0 1 10009$/);
  });

  it('unloads an EA whose OnInit fails, with REASON_INITFAILED', async () => {
    const run = host().run({ Scenario: 'refuse' });
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.texts()).toEqual([
      'scenario refuse',
      'ready',
      'initializing of probe (EURUSD) failed with code 2 (INIT_PARAMETERS_INCORRECT)',
      'deinit 8 timer 0 ticks 0',
    ]);
  });

  it('closes with REASON_CLOSE on SIGTERM', async () => {
    const run = host().run({ Scenario: 'idle' });
    await run.line(/^ready$/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(run.texts()).toContain('deinit 9 timer 0 ticks 0');
  });
});

describe('host calls', () => {
  it('sends enums by name and structs by field, reads out, and stops at a refused call', async () => {
    host().handlers = {
      SymbolInfoDouble: () => ({ ret: 1.08342 }),
      SymbolInfoInteger: (args) =>
        args.length > 2 ? { ret: true, out: { value: 5 } } : { ret: 5 },
      OrderSend: () => ({
        ret: false,
        err: 4756,
        out: { result: { retcode: 10019, order: 0, comment: 'No money' } },
      }),
    };
    const run = host().run({ Scenario: 'calls' });
    expect(await run.exited).toEqual({ code: 3, signal: null });
    expect(run.texts()).toEqual([
      'scenario calls',
      'bid 1.08342 digits true 5',
      'send false 10019 0 No money 4756',
    ]);
    expect(run.output).toContain('error: host: no AccountInfoString');
    expect(run.calls.slice(0, 2)).toEqual([
      { call: 'SymbolInfoDouble', args: ['EURUSD', 'SYMBOL_BID'] },
      { call: 'SymbolInfoInteger', args: ['EURUSD', 'SYMBOL_DIGITS', null] },
    ]);
    expect(run.calls[2]).toEqual({
      call: 'OrderSend',
      // Every field of MqlTradeRequest, the ones the probe left alone at zero.
      args: [
        mt5Request({
          magic: 0,
          deviation: 0,
          type: 'ORDER_TYPE_SELL',
          type_filling: 'ORDER_FILLING_IOC',
          comment: '',
        }),
      ],
    });
    expect(run.calls[3]).toEqual({ call: 'AccountInfoString', args: ['ACCOUNT_SERVER'] });
  });
});
