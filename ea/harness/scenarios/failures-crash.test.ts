import { expect, it } from 'vitest';
import { startTcpProxy } from '../../../server/test/tcp-proxy.ts';
import { postAlert, signalOutcome } from './lib/api.ts';
import { scenarioFile } from './lib/scenario-file.ts';
import { openTrades } from './lib/trading.ts';
import { connectedRelay } from './lib/world.ts';

// The terminal crashes (its relay killed, no OnDeinit) in the middle of a signal and is started
// again: a signal is never lost and never traded twice (issue 18, "Never lost").
const file = scenarioFile(['mt5-hedging']);

it('killed after receiving a signal, before executing it: the restarted relay executes it once from its journal', async () => {
  const w = await file.world('mt5-hedging');
  const ea = await connectedRelay(w);
  // The terminal lost its broker: the relay holds the signal and retries.
  w.terminal.setConnected(false);
  const id = await postAlert(w.server, w.trader, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  await ea.waitForJournal(new RegExp(`signal ${id} attempt 1: The terminal is not connected`));
  await w.terminal.crash();
  w.terminal.setConnected(true);

  const again = await connectedRelay(w);
  await again.waitForJournal(
    new RegExp(`signal ${id} was received before the restart and has no result: executing it now`),
  );
  await again.waitForJournal(new RegExp(`signal ${id} success`));
  expect((await signalOutcome(w.server, w.trader, id)).status).toBe('success');
  expect(openTrades(w.account)).toHaveLength(1);
});

it('killed after executing, before the server heard: the restarted relay reports the result, and trades nothing again', async () => {
  const w = await file.world('mt5-hedging');
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: w.server.port });
  try {
    const serverUrl = `http://127.0.0.1:${proxy.port}`;
    const ea = await connectedRelay(w, { serverUrl });
    // The moment the order fills, the connection to the server is gone.
    w.broker.onFill(() => void proxy.cut());
    const id = await postAlert(w.server, w.trader, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
    await ea.waitForJournal(new RegExp(`signal ${id} success`));
    await w.terminal.crash();
    await proxy.restore();

    const again = await connectedRelay(w, { serverUrl });
    await again.waitForJournal(/1 result\(s\) from before the restart will be reported/);
    const row = await signalOutcome(w.server, w.trader, id);
    expect(row).toMatchObject({
      status: 'success',
      ticket: String(openTrades(w.account)[0]!.ticket),
    });
    expect(openTrades(w.account)).toHaveLength(1);
  } finally {
    await proxy.close();
  }
});

it("killed before executing and restarted after the signal's time ran out: reported expired, not traded", async () => {
  const w = await file.world('mt5-hedging');
  const ea = await connectedRelay(w);
  w.terminal.setConnected(false);
  const id = await postAlert(w.server, w.trader, { symbol: 'EURUSD', position: 'buy', lot: 0.1 });
  await ea.waitForJournal(new RegExp(`signal ${id} attempt 1`));
  await w.terminal.crash();
  w.terminal.setConnected(true);
  // The terminal comes back a minute later: the 30 s TTL is long gone.
  w.broker.clock.shift(60_000);

  const again = await connectedRelay(w);
  await again.waitForJournal(
    new RegExp(
      `signal ${id} was received before the restart and has no result: its time ran out meanwhile`,
    ),
  );
  const line = await again.waitForJournal(new RegExp(`signal ${id} error`));
  expect(line.text).toMatch(/expired/);
  expect((await signalOutcome(w.server, w.trader, id)).status).toBe('error');
  expect(openTrades(w.account)).toHaveLength(0);
});
