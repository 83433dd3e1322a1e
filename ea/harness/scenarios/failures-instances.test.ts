import { expect, it } from 'vitest';
import { terminalList } from './lib/api.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { openTrades, trade } from './lib/trading.ts';
import { connected, connectedRelay } from './lib/world.ts';

// Two copies of the relay for one account must never both trade a signal (issue 18, "Never twice").
const file = scenarioFile(['mt5-hedging']);

it('two charts of one terminal: one executes, the other stays idle naming that chart, and takes over when it is removed', async () => {
  const w = await file.world('mt5-hedging');
  const first = await connectedRelay(w, { chart: 'EURUSD' });
  const second = await w.relay({ chart: 'GBPUSD' });
  const idle = await second.waitForJournal(
    /another SignalRelay in this terminal already executes account 5012345/,
  );
  expect(idle.text).toMatch(/the chart EURUSD/);

  const one = await trade(w, first, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  expect(one.row.status).toBe('success');
  expect(openTrades(w.account)).toHaveLength(1);
  expect(second.lines(new RegExp(`signal ${one.id}`))).toHaveLength(0);

  await first.remove();
  await second.waitForJournal(
    /the other SignalRelay of account 5012345 stopped: this copy executes it now/,
  );
  await second.waitForJournal(connected, { timeoutMs: 15_000 });
  const two = await trade(w, second, { symbol: 'GBPUSD', position: 'buy', lot: 0.1 });
  expect(two.row.status).toBe('success');
  expect(openTrades(w.account)).toHaveLength(2);
});

// The server lets one copy per license + platform + account trade (ea/PROTOCOL.md, "One
// executor per account"): the second terminal's relay is refused, says so in its journal, and
// the dashboard lists the refusal; it takes over once the first one stops.
it('two terminals logged in to one account: the second relay is refused, a signal is traded once, and it takes over later', async () => {
  const w = await file.world('mt5-hedging');
  const first = await connectedRelay(w, { chart: 'EURUSD' });
  const second = await w.relay({ terminal: await w.secondTerminal(), chart: 'GBPUSD' });
  await second.waitForJournal(
    /Another SignalRelay EA already trades account 5012345 with this license \(EURUSD,H1\)/,
    { timeoutMs: 15_000 },
  );
  const { id, row } = await trade(w, first, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  expect(row.status).toBe('success');
  expect(second.lines(new RegExp(`signal ${id}`))).toHaveLength(0);
  expect(openTrades(w.account)).toHaveLength(1);
  expect(second.lines(/already trades account 5012345/)).toHaveLength(1);

  const [listed] = await terminalList(w.server, w.trader);
  expect(listed).toMatchObject({
    account: '5012345',
    connected: true,
    refusal: { chart: 'GBPUSD,H1', holderChart: 'EURUSD,H1' },
  });

  await first.remove();
  await second.waitForJournal(
    /the other SignalRelay of account 5012345 stopped: this copy trades it now/,
    {
      timeoutMs: 25_000,
    },
  );
  const two = await trade(w, second, { symbol: 'GBPUSD', position: 'buy', lot: 0.1 });
  expect(two.row.status).toBe('success');
  expect(openTrades(w.account)).toHaveLength(2);
});
