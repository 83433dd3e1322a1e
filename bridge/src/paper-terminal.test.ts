import type { Signal } from '@signalrelay/contracts/ea-protocol';
import { describe, expect, it } from 'vitest';
import { wireSignal } from '../test/ea-harness.ts';
import { defaultSymbols, type Quote, type SymbolSpec } from './paper-symbols.ts';
import { createPaperTerminal, type PaperTerminalOptions, retcodes } from './paper-terminal.ts';

/** A market order of 0.1 lot; the paper terminal never looks at the signal's timing. */
const signal = (fields: Partial<Signal>): Signal => wireSignal({ lot: 0.1, ...fields });

/** A terminal whose prices the test sets by hand: `prices.EURUSD = { bid, ask }`. */
function terminalWithPrices(options: PaperTerminalOptions = {}) {
  const prices: Record<string, Quote> = {
    EURUSD: { bid: 1.1, ask: 1.10012 },
    GBPUSD: { bid: 1.27, ask: 1.27012 },
    USDJPY: { bid: 150, ask: 150.012 },
    XAUUSD: { bid: 2350, ask: 2350.25 },
  };
  const terminal = createPaperTerminal({
    now: () => 1_700_000_000_000,
    ...options,
    quotes: (s: SymbolSpec) => prices[s.name.replace(/[^A-Z]/g, '').slice(0, 6)]!,
  });
  return { terminal, prices };
}

describe('paper terminal: opening', () => {
  it('buys at the ask with SL/TP in points, a digit-string ticket and the lots filled', () => {
    const { terminal } = terminalWithPrices();
    const result = terminal.execute(signal({ slpoint: 500, tppoint: 1000 }));
    expect(result).toEqual({
      status: 'success',
      retcode: 10009,
      ticket: '50000001',
      price: 1.10012,
      volume: 0.1,
      message: 'Bought 0.10 EURUSD at 1.10012, SL 1.09512, TP 1.11012.',
    });
    expect(terminal.openPositions()).toMatchObject([
      { ticket: '50000001', side: 'buy', lots: 0.1, stopLoss: 1.09512, takeProfit: 1.11012 },
    ]);
  });

  it('sells at the bid with stops on the other side, using JPY and gold point sizes', () => {
    const { terminal } = terminalWithPrices();
    const jpy = terminal.execute(
      signal({ symbol: 'USDJPY', position: 'sell', slpoint: 300, tppoint: 600 }),
    );
    expect(jpy.price).toBe(150);
    expect(terminal.openPositions()[0]).toMatchObject({ stopLoss: 150.3, takeProfit: 149.4 });
    terminal.execute(signal({ symbol: 'XAUUSD', position: 'buy', lot: 0.01, slpoint: 1000 }));
    expect(terminal.openPositions()[1]).toMatchObject({
      openPrice: 2350.25,
      stopLoss: 2340.25,
      takeProfit: 0,
    });
    expect(terminal.openPositions().map((p) => p.ticket)).toEqual(['50000001', '50000002']);
  });

  it('sizes the lot from risk and balance, rounding down to the step', () => {
    const { terminal } = terminalWithPrices({ balance: 10_000 });
    // 1 % of 10,000 = 100 USD over 300 points × 1 USD/point/lot = 0.3333 → 0.33 lots.
    const result = terminal.execute(signal({ lot: 5, riskPercentage: 1, slpoint: 300 }));
    expect(result.status).toBe('success');
    expect(terminal.openPositions()[0]!.lots).toBe(0.33);
    // Gold: 2 % of 10,000 = 200 USD over 1,500 points × 1 USD = 0.1333 → 0.13.
    terminal.execute(signal({ symbol: 'XAUUSD', riskPercentage: 2, slpoint: 1500 }));
    expect(terminal.openPositions()[1]!.lots).toBe(0.13);
  });

  it('refuses a risk lot below the minimum instead of rounding it up', () => {
    const { terminal } = terminalWithPrices({ balance: 100 });
    const result = terminal.execute(signal({ riskPercentage: 0.5, slpoint: 1000 }));
    expect(result).toEqual({
      status: 'error',
      retcode: retcodes.invalidVolume,
      message:
        'Risking 0.5% of 100.00 USD (0.50 USD) with a 1000-point stop loss allows 0.0005 lots, ' +
        'below the minimum of 0.01 lots for EURUSD.',
    });
    expect(terminal.openPositions()).toEqual([]);
  });

  it('refuses risk sizing without a stop loss', () => {
    const { terminal } = terminalWithPrices();
    const result = terminal.execute(signal({ riskPercentage: 1, slpoint: 0 }));
    expect(result.status).toBe('error');
    expect(result.retcode).toBe(retcodes.invalidStops);
    expect(result.message).toMatch(/needs a stop loss: set slpoint above 0/);
  });

  it.each([
    [0, 'Invalid volume 0 for EURUSD'],
    [0.005, 'Invalid volume 0.005 for EURUSD'],
    [0.015, 'Invalid volume 0.015 for EURUSD'],
    [150, 'Invalid volume 150 for EURUSD'],
  ])('refuses the fixed lot %s with 10014', (lot, message) => {
    const { terminal } = terminalWithPrices();
    const result = terminal.execute(signal({ lot }));
    expect(result.retcode).toBe(retcodes.invalidVolume);
    expect(result.message).toContain(message);
    expect(result.message).toContain('0.01 to 100.00 lots in steps of 0.01');
  });

  it('refuses stops closer than the stops level', () => {
    const { terminal } = terminalWithPrices();
    const result = terminal.execute(signal({ slpoint: 5 }));
    expect(result).toMatchObject({ status: 'error', retcode: retcodes.invalidStops });
    expect(result.message).toBe(
      "Invalid stops: a stop loss of 5 points is closer than the broker's minimum of 10 points on EURUSD.",
    );
  });

  it('refuses a trade the free margin cannot carry', () => {
    const { terminal } = terminalWithPrices({ balance: 1000 });
    const result = terminal.execute(signal({ lot: 1 }));
    expect(result).toMatchObject({ status: 'error', retcode: retcodes.noMoney });
    expect(result.message).toBe(
      'Not enough money: 1.00 lots of EURUSD need 1085.00 USD margin, free margin is 1000.00 USD.',
    );
  });

  it('answers 10018 when the market is closed and 10017/10044 by trade mode', () => {
    const closedMarket = terminalWithPrices({ marketOpen: () => false }).terminal;
    expect(closedMarket.execute(signal({}))).toMatchObject({ retcode: retcodes.marketClosed });
    const symbols = defaultSymbols().map((s) =>
      s.name === 'EURUSD'
        ? { ...s, tradeMode: 'closeonly' as const }
        : s.name === 'USDJPY'
          ? { ...s, tradeMode: 'disabled' as const }
          : s,
    );
    const { terminal } = terminalWithPrices({ symbols });
    expect(terminal.execute(signal({}))).toMatchObject({ retcode: retcodes.closeOnly });
    expect(terminal.execute(signal({ symbol: 'USDJPY' }))).toMatchObject({
      retcode: retcodes.tradeDisabled,
    });
  });
});

describe('paper terminal: symbol resolution', () => {
  it('uses the exact name first, then the configured suffix', () => {
    const symbols = [...defaultSymbols(), ...defaultSymbols({ suffix: '.m' })];
    const { terminal } = terminalWithPrices({ symbols, suffix: '.m' });
    terminal.execute(signal({ symbol: 'EURUSD' }));
    terminal.execute(signal({ symbol: 'eurusd.m' }));
    terminal.execute(signal({ symbol: 'GBPUSD' }));
    expect(terminal.openPositions().map((p) => p.symbol)).toEqual(['EURUSD', 'EURUSD.m', 'GBPUSD']);
  });

  it('finds a broker affix without configuration, but not another instrument', () => {
    const symbols = [
      ...defaultSymbols({ suffix: 'pro' }),
      ...defaultSymbols({ prefix: 'm', suffix: '.ecn' }),
    ];
    const { terminal } = terminalWithPrices({ symbols });
    expect(terminal.execute(signal({ symbol: 'EURUSD' })).message).toContain('EURUSDpro');
    const eur = terminal.execute(signal({ symbol: 'EUR' }));
    expect(eur).toMatchObject({ status: 'error', retcode: retcodes.unknownSymbol });
    expect(eur.message).toBe(
      'Unknown symbol "EUR": no such symbol at this broker (also tried its prefix/suffix variants).',
    );
  });
});

describe('paper terminal: closing', () => {
  it('closebuy closes only buys on the symbol and books the profit', () => {
    const { terminal, prices } = terminalWithPrices({ balance: 10_000 });
    terminal.execute(signal({ lot: 0.1 }));
    terminal.execute(signal({ position: 'sell', lot: 0.2 }));
    terminal.execute(signal({ symbol: 'USDJPY', lot: 0.1 }));
    prices.EURUSD = { bid: 1.10112, ask: 1.10124 };
    const result = terminal.execute(signal({ position: 'closebuy', lot: 0 }));
    // Bought at 1.10012, closed at the bid 1.10112: 100 points × 1 USD × 0.1 lot = +10.00.
    expect(result).toEqual({
      status: 'success',
      retcode: 10009,
      ticket: '50000001',
      price: 1.10112,
      message: 'Closed 1 position on EURUSD, profit +10.00 USD, balance 10010.00 USD.',
    });
    expect(terminal.openPositions().map((p) => `${p.symbol} ${p.side}`)).toEqual([
      'EURUSD sell',
      'USDJPY buy',
    ]);
    expect(terminal.closedPositions()[0]).toMatchObject({ profit: 10, closedBy: 'signal' });
  });

  it('closesell loses on a rising price; closeall without a symbol closes everything', () => {
    const { terminal, prices } = terminalWithPrices({ balance: 10_000 });
    terminal.execute(signal({ position: 'sell', lot: 0.2 }));
    terminal.execute(signal({ symbol: 'XAUUSD', lot: 0.01 }));
    prices.EURUSD = { bid: 1.10088, ask: 1.101 };
    const sell = terminal.execute(signal({ position: 'closesell' }));
    // Sold at 1.1, bought back at the ask 1.101: -100 points × 0.2 = -20.00.
    expect(sell.message).toBe(
      'Closed 1 position on EURUSD, profit -20.00 USD, balance 9980.00 USD.',
    );
    terminal.execute(signal({ position: 'buy', lot: 0.1 }));
    const all = terminal.execute(signal({ position: 'closeall', symbol: '' }));
    expect(all.message).toMatch(/^Closed 2 positions on all symbols/);
    expect(terminal.openPositions()).toEqual([]);
  });

  it('reports a close with nothing to close as an error', () => {
    const { terminal } = terminalWithPrices();
    expect(terminal.execute(signal({ position: 'closeall', symbol: '' })).message).toBe(
      'No open positions to close.',
    );
    terminal.execute(signal({ position: 'sell' }));
    expect(terminal.execute(signal({ position: 'closebuy' }))).toEqual({
      status: 'error',
      retcode: retcodes.positionNotFound,
      message: 'No open buy position on EURUSD to close.',
    });
    expect(terminal.execute(signal({ position: 'closeall', symbol: 'GBPUSD' })).message).toBe(
      'No open position on GBPUSD to close.',
    );
    expect(terminal.execute(signal({ position: 'closeall', symbol: 'NOPE' })).retcode).toBe(
      retcodes.unknownSymbol,
    );
  });

  it('closes at the stop loss or take profit the price reached meanwhile', () => {
    const { terminal, prices } = terminalWithPrices({ balance: 10_000 });
    terminal.execute(signal({ lot: 0.1, slpoint: 200 })); // SL 1.09812
    terminal.execute(signal({ position: 'sell', lot: 0.1, tppoint: 100 })); // TP 1.099
    prices.EURUSD = { bid: 1.098, ask: 1.09812 };
    const result = terminal.execute(signal({ position: 'closeall' }));
    expect(result).toMatchObject({ status: 'error', retcode: retcodes.positionNotFound });
    expect(terminal.closedPositions()).toMatchObject([
      { closedBy: 'stop loss', closePrice: 1.09812, profit: -20 },
      { closedBy: 'take profit', closePrice: 1.099, profit: 10 },
    ]);
    expect(terminal.balance).toBe(9990);
  });

  it('moves trailing and break-even stops as the price runs', () => {
    const { terminal, prices } = terminalWithPrices();
    terminal.execute(signal({ lot: 0.1, trailingStop: 100 })); // opened at 1.10012
    terminal.execute(signal({ lot: 0.1, breakEvenPips: 10 }));
    prices.EURUSD = { bid: 1.1025, ask: 1.10262 };
    terminal.execute(signal({ symbol: 'USDJPY' })); // any execution syncs only its own symbol
    expect(terminal.openPositions()[0]!.stopLoss).toBe(0);
    terminal.execute(signal({ lot: 0.01 }));
    const [trailing, breakEven] = terminal.openPositions();
    expect(trailing!.stopLoss).toBe(1.1015);
    expect(breakEven!.stopLoss).toBe(1.10012);
  });
});

describe('paper terminal: determinism', () => {
  it('gives the same prices for the same seed', () => {
    const run = (seed: number) => {
      const terminal = createPaperTerminal({ seed, now: () => 0 });
      return [1, 2, 3].map(() => terminal.execute(signal({ lot: 0.01 })).price);
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });
});
