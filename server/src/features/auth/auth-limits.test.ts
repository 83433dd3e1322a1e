import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { browserClient, password, uniqueEmail } from '../../../test/auth.ts';
import { addressLimits, ipLimits } from './auth-limits.ts';

/** Rate limits on the in-process store and on Redis (what several instances share). */
describe.each([
  { store: 'in-process', redis: false },
  { store: 'Redis', redis: true },
])('auth rate limits ($store store)', ({ redis }) => {
  let t: TestApp;
  const client = () => browserClient(t.app, t.deps.config.publicUrl);

  beforeAll(async () => {
    t = await createTestApp({ redis });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends `n` requests from one client, returning the status codes. */
  async function burst(n: number, send: (i: number) => Promise<{ statusCode: number }>) {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) codes.push((await send(i)).statusCode);
    return codes;
  }

  it('limits sign-in attempts per IP, before any password check', async () => {
    const attacker = client();
    const codes = await burst(ipLimits.login.max + 1, () =>
      attacker.post('/api/auth/login', { email: uniqueEmail(), password: 'Guess1234' }),
    );
    expect(codes.slice(0, -1).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const limited = await attacker.post('/api/auth/login', { email: uniqueEmail(), password });
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait and try again.',
    });
    // Someone else is not affected.
    const other = await client().post('/api/auth/login', { email: uniqueEmail(), password });
    expect(other.statusCode).toBe(401);
  });

  it('limits sign-up e-mails per address, from however many IPs', async () => {
    const victim = uniqueEmail();
    const body = { email: victim, password, firstname: 'Ada', lastname: 'Trader' };
    const codes = await burst(addressLimits.signup.max + 1, () =>
      client().post('/api/auth/signup', body),
    );
    expect(codes).toEqual([...Array(addressLimits.signup.max).fill(201), 429]);
  });

  it('limits verification e-mails asked for from the Verification Needed screen', async () => {
    const email = uniqueEmail();
    const browser = client();
    await browser.post('/api/auth/signup', { email, password, firstname: 'Ada', lastname: 'T' });
    await browser.post('/api/auth/login', { email, password });
    const codes = await burst(addressLimits.signup.max + 1, () =>
      browser.post('/api/auth/resend-verification'),
    );
    expect(codes).toEqual([...Array(addressLimits.signup.max).fill(200), 429]);
  });

  it('limits sign-in attempts per address, from however many IPs', async () => {
    const victim = uniqueEmail();
    const { max } = addressLimits.login;
    const codes = await burst(max + 1, () =>
      client().post('/api/auth/login', { email: victim, password: 'Guess1234' }),
    );
    expect(codes.slice(0, max).every((c) => c === 401)).toBe(true);
    expect(codes[max]).toBe(429);
    // The same address in another spelling is the same account.
    const upper = await client().post('/api/auth/login', {
      email: ` ${victim.toUpperCase()} `,
      password: 'Guess1234',
    });
    expect(upper.statusCode).toBe(429);
    const other = await client().post('/api/auth/login', { email: uniqueEmail(), password });
    expect(other.statusCode).toBe(401);
  });

  it('limits sign-ups per IP', async () => {
    const bot = client();
    const codes = await burst(ipLimits.signup.max + 1, () =>
      bot.post('/api/auth/signup', {
        email: uniqueEmail(),
        password,
        firstname: 'Bot',
        lastname: 'Net',
      }),
    );
    expect(codes.slice(0, -1).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('limits reset e-mails per IP and per address', async () => {
    const bot = client();
    const perIp = await burst(ipLimits.forgot.max + 1, () =>
      bot.post('/api/auth/forgot-password', { email: uniqueEmail() }),
    );
    expect(perIp.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(perIp.at(-1)).toBe(429);

    const inbox = uniqueEmail();
    const perAddress = await burst(addressLimits.forgot.max + 1, () =>
      client().post('/api/auth/forgot-password', { email: inbox }),
    );
    expect(perAddress.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(perAddress.at(-1)).toBe(429);
  });

  it('limits reset attempts per IP', async () => {
    const bot = client();
    const codes = await burst(ipLimits.reset.max + 1, (i) =>
      bot.post('/api/auth/reset-password', { token: `guess-${i}`, password }),
    );
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
