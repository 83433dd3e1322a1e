import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createCaptureLogger } from '../../../test/capture-logger.ts';
import { createTestUser } from '../../../test/users.ts';

let t: TestApp;
let licenseNumber: string;
const capture = createCaptureLogger();

beforeAll(async () => {
  t = await createTestApp({ redis: true, logger: capture.logger });
  licenseNumber = (await createTestUser(t.deps.database.db)).licenseNumber;
});
afterAll(() => t.close());

const alert = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    payload: { licenseNumber, symbol: 'EURUSD', position: 'buy', lot: 0.1 },
  });

describe('webhook when the signal cannot be stored', () => {
  it('answers 503 with our message, keeping what went wrong underneath for the log', async () => {
    // The license is cached by a first alert; then the database goes away.
    expect((await alert()).statusCode).toBe(200);
    await t.deps.database.close();

    const reply = await alert();
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please retry shortly.',
      error: 'The service is temporarily unavailable. Please retry shortly.',
    });
    expect(capture.lines.some((line) => /caused by/.test(JSON.stringify(line)))).toBe(true);
  });
});
