import type { Signal, SignalResult } from '@signalrelay/contracts/ea-protocol';
import { onTestFinished } from 'vitest';
import { createEaClient, type EaClient, type EaClientOptions } from '../src/ea-client.ts';
import type { FatalError } from '../src/ea-types.ts';
import { sleep } from './wait.ts';

/** A signal as the server would send it; override what the test is about. */
export const wireSignal = (fields: Partial<Signal> = {}): Signal => ({
  id: 'sig-1',
  symbol: 'EURUSD',
  position: 'buy',
  lot: 0.01,
  slpoint: 0,
  tppoint: 0,
  trailingStop: 0,
  breakEvenPips: 0,
  riskPercentage: 0,
  isTest: false,
  receivedAt: Date.now(),
  ttlMs: 30_000,
  ...fields,
});

/**
 * A reference EA with everything it reports collected for assertions, stopped when the test
 * finishes. The default executor "fills" every order with ticket = a running number, so tests
 * can count executions.
 */
export function startTestEa(server: string, options: Partial<EaClientOptions> = {}) {
  const seen = {
    executed: [] as Signal[],
    results: [] as { result: SignalResult; duplicate: boolean }[],
    problems: [] as string[],
    connected: 0,
    disconnected: [] as string[],
    fatal: undefined as FatalError | undefined,
  };
  const ea: EaClient = createEaClient({
    server,
    transport: 'ws',
    licenseNumber: 'SR-TEST',
    platform: 'mt5',
    account: '5012345',
    broker: 'Demo',
    backoff: { initialMs: 20, maxMs: 100, random: () => 0.5 },
    execute: (signal) => {
      seen.executed.push(signal);
      return { status: 'success', retcode: 10009, ticket: String(seen.executed.length) };
    },
    onResult: (result, { duplicate }) => seen.results.push({ result, duplicate }),
    onProblem: (message) => seen.problems.push(message),
    onConnected: () => seen.connected++,
    onDisconnected: (reason) => seen.disconnected.push(reason),
    onFatal: (error) => {
      seen.fatal = error;
    },
    ...options,
  });
  ea.start();
  onTestFinished(() => ea.stop());
  return { ea, seen };
}

/**
 * An executor for `startTestEa` that takes `ms` over each order, as a slow terminal does, and
 * fills it with `ticket`; `executed` lists the ids of the signals it was given.
 */
export function slowExecutor(ms: number, ticket: string) {
  const executed: string[] = [];
  const execute = async (signal: Signal) => {
    executed.push(signal.id);
    await sleep(ms);
    return { status: 'success' as const, retcode: 10009, ticket };
  };
  return { execute, executed };
}
