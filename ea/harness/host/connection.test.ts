import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { Broker } from './broker/broker.ts';
import { Terminal } from './terminal.ts';

// The host end of the socket refuses what it cannot answer, with a "fatal" naming it, rather
// than a default the EA would take for real (ea/harness/README.md, the host protocol).
const terminals: Terminal[] = [];
afterEach(async () => {
  await Promise.all(terminals.splice(0).map((t) => t.close()));
});

async function exchange(lines: unknown[]): Promise<Record<string, unknown>[]> {
  const broker = new Broker();
  const terminal = await Terminal.start(broker, { platform: 'mt5' });
  terminals.push(terminal);
  const socket = connect(terminal.socketPath);
  const replies: Record<string, unknown>[] = [];
  let buffer = '';
  return new Promise((resolve, reject) => {
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const part of parts) replies.push(JSON.parse(part));
      if (replies.length === lines.length) {
        socket.destroy();
        resolve(replies);
      }
    });
    for (const line of lines) socket.write(`${JSON.stringify(line)}\n`);
  });
}

it('a call before hello, a hello from a process it did not start, and unreadable lines are fatal', async () => {
  const replies = await exchange([
    { id: 1, call: 'SymbolInfoDouble', args: ['EURUSD', 'SYMBOL_BID'] },
    {
      id: 0,
      call: 'hello',
      args: [{ program: 'SignalRelay', platform: 'mt5', chart: 'EURUSD', pid: 1 }],
    },
    'not an object',
  ]);
  expect(replies).toEqual([
    { id: 1, fatal: 'host: SymbolInfoDouble before hello' },
    { id: 0, fatal: 'host: hello from pid 1, which this terminal did not start' },
    { id: -1, fatal: 'host: a message is neither a call nor a journal line: "not an object"' },
  ]);
});
