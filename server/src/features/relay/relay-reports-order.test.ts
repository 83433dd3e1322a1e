import { describe, expect, it } from 'vitest';
import { createMemoryRecordQueue } from '../../ports/record-queue-memory.ts';
import { createReportRetry, type EaReport } from './relay-reports.ts';
import type { RelayTerminal } from './relay-terminals.ts';

const terminal: RelayTerminal = {
  id: 't1',
  userId: 'u1',
  platform: 'mt5',
  account: '5012345',
  protocol: 3,
  delivery: {
    account: '5012345',
    broker: 'Demo',
    platform: 'mt5',
    transport: 'ws',
    eaVersion: '1.0.0',
  },
};
const ack = (signalId: string): EaReport => ({
  received: [{ terminal, signalId, at: 1, transport: 'ws' }],
});
const result = (id: string): EaReport => ({
  result: { terminal, result: { id, status: 'success' }, at: 2, ack: undefined },
});
const idOf = (report: EaReport) =>
  'received' in report ? report.received[0]!.signalId : report.result.result.id;

const away = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
const refused = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

describe('EA reports Postgres did not take', () => {
  it('are written in arrival order once it answers; data it refuses is given up and counted', async () => {
    const written: string[] = [];
    const lost: number[] = [];
    let failOnce = new Set(['b']);
    const retry = createReportRetry({
      queue: createMemoryRecordQueue(),
      onLost: (_err, count) => lost.push(count),
      async write(report) {
        const id = idOf(report);
        if (id === 'refused') throw new Error('Failed query', { cause: refused() });
        if (failOnce.delete(id)) throw new Error('Connection terminated unexpectedly');
        written.push(id);
      },
    });
    try {
      await retry.orKeep(away(), () => ack('a'));
      // Refused for its data: trying again cannot help.
      await retry.orKeep(Promise.reject(refused()), () => ack('never'));
      expect(lost).toEqual([1]);
      await retry.orKeep(away(), () => result('b'));
      await retry.orKeep(away(), () => ack('refused'));
      await retry.orKeep(away(), () => result('c'));
      // The first try writes a, fails on b, and keeps b and what follows it, in order.
      await expect.poll(() => written, { timeout: 10_000 }).toEqual(['a', 'b', 'c']);
      expect(lost).toEqual([1, 1]);
      failOnce = new Set();
      // A write that succeeds keeps nothing.
      await retry.orKeep(Promise.resolve(), () => ack('stored'));
      expect(written).toEqual(['a', 'b', 'c']);
    } finally {
      retry.stop();
    }
  });
});
