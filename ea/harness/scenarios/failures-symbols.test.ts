import { describe, expect, it } from 'vitest';
import type { AccountKind } from '../host/broker/account.ts';
import { Broker } from '../host/broker/broker.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { openTrades, trade } from './lib/trading.ts';
import { connectedRelay, us3000, usoil } from './lib/world.ts';

// The alert's symbol is the broker's symbol exactly, or its broker decoration (suffix or
// prefix), never another instrument that merely contains it (issue 18, "Never the wrong symbol").
const file = scenarioFile(['mt5-hedging', 'mt4']);

/** A broker whose FX names are all decorated, with look-alikes of OIL and US30. */
function decoratedBroker(): Broker {
  const broker = new Broker();
  broker.addSymbol({ name: 'EURUSD.m', bid: 1.1, ask: 1.10002 });
  broker.addSymbol({ name: 'XAUUSDm', digits: 2, contractSize: 100, bid: 2400.5, ask: 2400.8 });
  broker.addSymbol(usoil);
  broker.addSymbol(us3000);
  return broker;
}

describe.each<AccountKind>(['mt5-hedging', 'mt4'])('%s', (kind) => {
  const start = async () => {
    const w = await file.world(kind, { broker: decoratedBroker() });
    return { w, ea: await connectedRelay(w, { chart: 'EURUSD.m' }) };
  };

  it('EURUSD trades EURUSD.m and XAUUSD trades XAUUSDm, each saying so in the journal', async () => {
    const { w, ea } = await start();
    expect((await trade(w, ea, { symbol: 'EURUSD', position: 'buy', lot: 0.1 })).row.status).toBe(
      'success',
    );
    expect((await trade(w, ea, { symbol: 'XAUUSD', position: 'sell', lot: 0.01 })).row.status).toBe(
      'success',
    );
    expect(openTrades(w.account).map((t) => [t.symbol, t.side])).toEqual([
      ['EURUSD.m', 'buy'],
      ['XAUUSDm', 'sell'],
    ]);
    expect(ea.lines(/symbol EURUSD is EURUSD\.m at this broker/)).toHaveLength(1);
    expect(ea.lines(/symbol XAUUSD is XAUUSDm at this broker/)).toHaveLength(1);
  });

  it('OIL is not USOIL and US30 is not US3000: refused, naming what Market Watch has', async () => {
    const { w, ea } = await start();
    const oil = await trade(w, ea, { symbol: 'OIL', position: 'buy', lot: 0.1 });
    expect(oil.row.status).toBe('error');
    expect(oil.row.errorMessage).toMatch(
      /Symbol OIL is not available at this broker.*Market Watch has USOIL, which are other instruments/,
    );
    const dow = await trade(w, ea, { symbol: 'US30', position: 'buy', lot: 0.1 });
    expect(dow.row.errorMessage).toMatch(/Symbol US30 is not available at this broker.*US3000/);
    expect(openTrades(w.account)).toHaveLength(0);
  });
});
