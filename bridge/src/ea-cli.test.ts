import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { noRules } from '@signalrelay/contracts/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.ts';
import { createTestUser } from '../../server/test/users.ts';
import { saveRules, sendAlert } from '../test/server-api.ts';
import { until } from '../test/wait.ts';
import { parseCli } from './ea-cli.ts';
import { describeResult, describeSignal, maskLicense } from './ea-cli-format.ts';

const bin = fileURLToPath(new URL('../bin/signalrelay-ea.js', import.meta.url));

describe('signalrelay-ea arguments', () => {
  it('defaults to WebSocket for mt5 and long-poll for mt4', () => {
    expect(parseCli(['--license', 'SR-1'], {})).toMatchObject({
      server: 'http://localhost:3000',
      transport: 'ws',
      platform: 'mt5',
      account: '10001234',
      balance: 10_000,
      resultsOnPoll: false,
    });
    expect(parseCli(['--license', 'SR-1', '--platform', 'mt4'], {})).toMatchObject({
      transport: 'poll',
    });
    expect(parseCli([], { SIGNALRELAY_LICENSE: 'SR-ENV' })).toMatchObject({ license: 'SR-ENV' });
    expect(parseCli(['--help'], {})).toBe('help');
  });

  it.each([
    [[], '--license is required (or set SIGNALRELAY_LICENSE).'],
    [['--license', 'x', '--platform', 'mt6'], /^--platform: /],
    [['--license', 'x', '--account', '12a'], '--account: must be a string of digits'],
    [['--license', 'x', '--transport', 'udp'], '--transport must be ws or poll, not "udp".'],
    [['--license', 'x', '--balance', 'lots'], '--balance must be a number ≥ 0, not "lots".'],
    [['--license', 'x', '--server', 'localhost:3000'], /^--server must be an http\(s\) origin/],
    [['--license', 'x', '--colour'], /Unknown option '--colour'/],
  ])('refuses %j with a message naming the flag', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(message);
  });
});

describe('signalrelay-ea output', () => {
  it('prints a signal and its result on one line each, without the full license', () => {
    const signal = {
      id: '01936f6e-8a2b-7c3d-9e4f-0a1b2c3d4e5f',
      symbol: 'EURUSD',
      position: 'buy' as const,
      lot: 0.05,
      slpoint: 200,
      tppoint: 0,
      trailingStop: 0,
      breakEvenPips: 10,
      riskPercentage: 0,
      isTest: false,
      receivedAt: 1000,
      ttlMs: 29_870,
    };
    expect(describeSignal(signal, { monotonic: 0, wall: 1004 })).toBe(
      '…2c3d4e5f  BUY  EURUSD  0.05 lot  SL 200 pt  BE 10 pip  ttl 29.9 s  alert→EA 4 ms',
    );
    expect(
      describeResult(
        {
          id: signal.id,
          status: 'success',
          retcode: 10009,
          ticket: '50000001',
          price: 1.08342,
          message: 'Bought',
        },
        true,
      ),
    ).toBe(
      '…2c3d4e5f  SUCCESS  10009  #50000001  @ 1.08342  Bought  (repeat delivery: first result sent again, not traded twice)',
    );
    expect(maskLicense('SR-7f3a9c0d1e2b4a5c')).toBe('SR-…4a5c');
  });
});

describe('signalrelay-ea against the real server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redis: true, listen: true });
  });
  afterAll(() => t?.close());

  function run(args: string[]) {
    const child: ChildProcess = spawn(process.execPath, [bin, '--server', t.baseUrl, ...args]);
    const lines: string[] = [];
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      lines.push(...complete);
    });
    child.stderr!.on('data', (chunk) => lines.push(`stderr: ${chunk}`));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const find = (pattern: RegExp) =>
      until(
        () => lines.find((l) => pattern.test(l)),
        15_000,
        `a line matching ${pattern}: ${lines.join('\n')}`,
      );
    return { child, lines, exited, find };
  }

  it.each(['ws', 'poll'])(
    'shows an alert arriving and being traded over %s; Ctrl+C stops it',
    async (transport) => {
      const user = await createTestUser(t.deps.database.db);
      const cli = run([
        '--license',
        user.licenseNumber,
        '--transport',
        transport,
        '--suffix',
        '.m',
      ]);
      await cli.find(/ start +/);
      expect(cli.lines.join('\n')).not.toContain(user.licenseNumber);
      if (transport === 'ws') await cli.find(/ connected +heartbeat 2000 ms/);
      const res = await sendAlert(t.baseUrl, {
        licenseNumber: user.licenseNumber,
        symbol: 'EURUSD',
        position: 'sell',
        lot: 0.02,
      });
      expect(res.status).toBe(200);
      expect(await cli.find(/ signal +/)).toMatch(
        /SELL {2}EURUSD {2}0\.02 lot {2}ttl [\d.]+ s {2}alert→EA \d+ ms$/,
      );
      expect(await cli.find(/ result +/)).toMatch(
        /SUCCESS {2}10009 {2}#50000001 {2}@ [\d.]+ {2}Sold 0\.02 EURUSD\.m at /,
      );
      cli.child.kill('SIGINT');
      expect(await cli.exited).toBe(0);
      expect(cli.lines.at(-1)).toMatch(
        / stopped +1 signals, 1 executed, 0 repeats, 0 expired; balance 10000\.00 USD, 1 open positions$/,
      );
    },
  );

  it('holds the account rules the server sends: a second position past the maximum is refused', async () => {
    const user = await createTestUser(t.deps.database.db);
    const saved = await saveRules(t, user.id, { ...noRules, maxOpenPositions: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const cli = run(['--license', user.licenseNumber, '--transport', 'ws', '--suffix', '.m']);
    expect(await cli.find(/ rules +/)).toContain('"maxOpenPositions":1');
    const buy = () =>
      sendAlert(t.baseUrl, {
        licenseNumber: user.licenseNumber,
        symbol: 'EURUSD',
        position: 'buy',
        lot: 0.01,
      });
    expect((await buy()).status).toBe(200);
    await cli.find(/ result .* SUCCESS /);
    expect((await buy()).status).toBe(200);
    expect(await cli.find(/ result .* ERROR /)).toMatch(/1 open positions reach your maximum 1/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('stops with exit code 1 and says why on a wrong license', async () => {
    const cli = run(['--license', 'SR-WRONG-LICENSE-NUMBER']);
    expect(await cli.find(/ fatal/)).toMatch(
      /LICENSE_INVALID: .* stopped; fix the problem and start again\.$/,
    );
    expect(await cli.exited).toBe(1);
  });
});
