import { afterAll, beforeAll, expect, it } from 'vitest';
import { type NoWebSocketProxy, startNoWebSocketProxy } from './lib/no-websocket-proxy.ts';
import { tradingScenarios } from './lib/trading-suite.ts';

// MT5 hedging account behind a proxy that refuses WebSockets: the relay falls back to the
// HTTPS long-poll after three failed WebSocket attempts and trades over it.
let proxy: NoWebSocketProxy;
const suite = tradingScenarios('mt5-hedging', {
  serverUrl: () => proxy.url,
  transport: 'the long-poll fallback',
});
beforeAll(async () => {
  proxy = await startNoWebSocketProxy(suite.server().url);
});
afterAll(() => proxy?.close());

it('mt5 behind a proxy without WebSockets: says it falls back, then polls', async () => {
  const { ea } = await suite.start();
  expect(ea.lines(/WebSocket unavailable \(.*\); using HTTPS long-poll/)).toHaveLength(1);
  expect(ea.lines(/connected to .* over HTTPS long-poll as account 5012345/)).toHaveLength(1);
});
