import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCaptureLogger } from '../../test/capture-logger.ts';
import { createRepeatLog, repeatIntervalMs } from './repeat-log.ts';

/** Issue 19: a client repeating the same bad request must not flood the log. */

describe('createRepeatLog', () => {
  it('writes the count of an error that stopped once its interval is over', async () => {
    const capture = createCaptureLogger();
    const log = createRepeatLog({ log: capture.logger, now: () => Date.now(), intervalMs: 50 });
    for (let i = 0; i < 3; i++) log.note('k', { ip: '1.2.3.4' }, 'client error: bad');
    expect(capture.lines.map((l) => l.msg)).toEqual(['client error: bad']);
    await expect.poll(() => capture.lines.map((l) => l.repeated)).toEqual([undefined, 2]);
    log.close();
  });
});

describe('client errors of the app', () => {
  const capture = createCaptureLogger('info');
  let t: TestApp;
  let offset = 0;

  beforeAll(async () => {
    t = await createTestApp({ logger: capture.logger, now: () => Date.now() + offset });
  });
  afterAll(() => t.close());

  const badAlert = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhook/handleWebhook',
      headers: { 'x-forwarded-for': ip },
      payload: { licenseNumber: 'SR-X', symbol: 'EURUSD', position: 'buy', lot: '0x10' },
    });
  const logged = () => capture.lines.filter((l) => l.msg.startsWith('client error'));

  it('logs the same bad request from one source once a minute, with how often it came', async () => {
    for (let i = 0; i < 5; i++) expect((await badAlert('203.0.113.7')).statusCode).toBe(400);
    expect(logged()).toHaveLength(1);
    expect(logged()[0]).toMatchObject({
      ip: '203.0.113.7',
      route: 'POST /api/webhook/handleWebhook',
      status: 400,
      code: 'BAD_REQUEST',
      msg: expect.stringContaining('lot'),
    });
    // Another source is another line.
    await badAlert('203.0.113.8');
    expect(logged()).toHaveLength(2);

    offset += repeatIntervalMs + 1000;
    await badAlert('203.0.113.7');
    const [summary, again] = logged().slice(2);
    expect(summary).toMatchObject({ ip: '203.0.113.7', repeated: 4 });
    expect(summary?.msg).toMatch(/repeated 4 times in \d+ s/);
    expect(again).toMatchObject({ ip: '203.0.113.7' });
    expect(again?.repeated).toBeUndefined();
  });
});
