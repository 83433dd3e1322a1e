import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { browserClient, linkTo, mailTo, password, signUpVerified } from '../test/auth.ts';
import { createCaptureLogger } from '../test/capture-logger.ts';
import { helloFrame, openEaSocket } from '../test/ea-socket.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../test/smtp-receiver.ts';
import { users } from './db/schema/users.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { prettyTransport } from './logger.ts';

/**
 * Redaction: a whole session of use, logged at the most verbose level, then every captured
 * line is searched for the secrets that went through: license numbers (valid and guessed),
 * passwords, session ids, verification and reset tokens.
 */

const capture = createCaptureLogger('trace');
let smtp: SmtpReceiver;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url, logger: capture.logger, redis: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('logs', () => {
  it('carry no license number, password, session id or token, whatever happens', async () => {
    const secrets: string[] = [password, 'NewSecret456!'];
    const browser = browserClient(t.app, t.deps.config.publicUrl);
    const { email } = await signUpVerified(browser, smtp);
    secrets.push(browser.jar.get(t.app.auth.cookieName)!);
    const verifyMail = await mailTo(smtp, email, 'Verify');
    secrets.push(
      new URL(`http://x${linkTo(verifyMail.text, '/api/auth/verify-email')}`).searchParams.get(
        'token',
      )!,
    );
    await browser.get('/api/auth/getme');
    await browser.get(`/api/auth/verify-email?token=${secrets.at(-1)}`);
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    const license = user!.licenseNumber;
    secrets.push(license);

    // The hot paths with the real license, and with guesses, including in a URL's query.
    const guess = 'SR-GUESS-LOGGED-NEVER-000000';
    secrets.push(guess);
    const webhook = (payload: string, type = 'text/plain') =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhook/handleWebhook?licenseNumber=${encodeURIComponent(license)}`,
        headers: { 'content-type': type },
        payload,
      });
    await webhook(
      JSON.stringify({ licenseNumber: license, symbol: 'EURUSD', position: 'buy', lot: 1 }),
    );
    await webhook(
      JSON.stringify({ licenseNumber: guess, symbol: 'EURUSD', position: 'buy', lot: 1 }),
    );
    // Not JSON: the parser's error quotes the start of the body, which is the license.
    await webhook(`${license},buy,EURUSD,risk=1`);
    await webhook(`{"licenseNumber": "${license}", `, 'application/json');
    for (let i = 0; i < 25; i++) {
      await webhook(
        JSON.stringify({ licenseNumber: `${guess}${i}`, symbol: 'X', position: 'buy', lot: 1 }),
      );
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/ea/poll',
      payload: {
        v: 1,
        licenseNumber: license,
        platform: 'mt4',
        account: '1',
        broker: 'B',
        waitMs: 0,
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/ea/poll',
      payload: {
        v: 1,
        licenseNumber: guess,
        platform: 'mt4',
        account: '1',
        broker: 'B',
        waitMs: 0,
      },
    });
    const ea = await openEaSocket(baseUrl);
    ea.send(helloFrame(guess));
    await ea.closed;
    const good = await openEaSocket(baseUrl);
    good.send(helloFrame(license));
    await good.next((f) => f.type === 'welcome');
    good.send('not json');
    good.close();

    // Password reset, a wrong password, a license regeneration.
    await browser.post('/api/auth/login', { email, password: 'Wrong123!x' });
    await browser.post('/api/auth/forgot-password', { email });
    const resetMail = await mailTo(smtp, email, 'Reset');
    const resetToken = new URL(
      `http://x${linkTo(resetMail.text, '/reset-password')}`,
    ).searchParams.get('token')!;
    secrets.push(resetToken);
    await browser.post('/api/auth/reset-password', {
      token: resetToken,
      password: 'NewSecret456!',
    });
    await browser.post('/api/auth/reset-password', {
      token: resetToken,
      password: 'NewSecret456!',
    });
    const again = browserClient(t.app, t.deps.config.publicUrl);
    await again.post('/api/auth/login', { email, password: 'NewSecret456!' });
    secrets.push(again.jar.get(t.app.auth.cookieName)!);
    const regenerated = await again.post('/api/account/license/regenerate');
    const newLicense = regenerated.json().licenseNumber as string | undefined;
    if (newLicense) secrets.push(newLicense);

    // A database error whose query carries a license (Postgres refuses NUL in text): the
    // driver's message lists the parameters, and it is logged like any failure.
    const failing = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.licenseNumber, `${license}\u0000`))
      .catch((err: unknown) => err);
    t.deps.logger.error({ err: failing }, 'query failed');

    await new Promise((r) => setTimeout(r, 200));
    const text = capture.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(capture.lines.length).toBeGreaterThan(5);
    for (const secret of secrets.filter(Boolean)) {
      expect(text.includes(secret), `a log line contains ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});

describe('errors with cycles', () => {
  it('are logged with the cycle marked, and a route that throws one still answers 500', async () => {
    const cyclic = new Error('outer', { cause: new Error('inner') });
    (cyclic.cause as Error & { cause?: unknown }).cause = cyclic;
    // What an OAuth client error looks like: its details point back at the error.
    Object.assign(cyclic, { detail: { back: cyclic }, params: 'secret-param' });
    const local = createCaptureLogger('trace');
    local.logger.error({ err: cyclic }, 'a cyclic error');
    const line = local.lines.find((l) => l.msg === 'a cyclic error');
    expect(JSON.stringify(line)).toContain('outer');
    expect(JSON.stringify(line)).not.toContain('secret-param');

    // Every route's errors end in the one error handler, which logs them with this logger.
    const app = Fastify({ loggerInstance: local.logger }) as unknown as FastifyInstance;
    registerErrorHandler(app);
    app.get('/cyclic', async () => {
      throw cyclic;
    });
    const res = await app.inject({ url: '/cyclic' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    expect(local.lines.some((l) => JSON.stringify(l).includes('[Circular]'))).toBe(true);
    await app.close();
  });
});

describe('prettyTransport', () => {
  it('pretty-prints for a terminal and keeps JSON lines for anything else', () => {
    expect(prettyTransport(true)).toMatchObject({ target: 'pino-pretty' });
    expect(prettyTransport(false)).toBeUndefined();
  });
});
