import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { browserClient, password, uniqueEmail } from '../../../test/auth.ts';
import { emailTokens, sessions, users } from '../../db/schema/users.ts';

/** Bad input gets a 400 naming the field, and leaves no trace (no user, token or session). */
let t: TestApp;
const client = () => browserClient(t.app, t.deps.config.publicUrl);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function rowCounts() {
  const { db } = t.deps.database;
  const [u] = await db.select({ n: count() }).from(users);
  const [e] = await db.select({ n: count() }).from(emailTokens);
  const [s] = await db.select({ n: count() }).from(sessions);
  return { users: u!.n, tokens: e!.n, sessions: s!.n };
}

const huge = 'a'.repeat(10 * 1024);
const signup = { email: 'valid@example.test', password, firstname: 'Ada', lastname: 'Trader' };
const reset = { token: 'x'.repeat(43), password };

type Case = [name: string, url: string, body: unknown, field: string];

const cases: Case[] = [
  // missing fields
  ['signup without email', 'signup', { ...signup, email: undefined }, 'email'],
  ['signup without password', 'signup', { ...signup, password: undefined }, 'password'],
  ['signup without firstname', 'signup', { ...signup, firstname: undefined }, 'firstname'],
  ['signup without lastname', 'signup', { ...signup, lastname: undefined }, 'lastname'],
  ['signup with blank firstname', 'signup', { ...signup, firstname: '   ' }, 'firstname'],
  ['login without email', 'login', { password }, 'email'],
  ['login without password', 'login', { email: 'a@example.test' }, 'password'],
  ['forgot without email', 'forgot-password', {}, 'email'],
  ['reset without token', 'reset-password', { password }, 'token'],
  ['reset without password', 'reset-password', { token: reset.token }, 'password'],
  // 10 kB strings
  ['signup with a 10 kB email', 'signup', { ...signup, email: `${huge}@example.test` }, 'email'],
  ['signup with a 10 kB password', 'signup', { ...signup, password: huge }, 'password'],
  ['signup with a 10 kB firstname', 'signup', { ...signup, firstname: huge }, 'firstname'],
  ['signup with a 10 kB lastname', 'signup', { ...signup, lastname: huge }, 'lastname'],
  ['login with a 10 kB password', 'login', { email: 'a@example.test', password: huge }, 'password'],
  ['forgot with a 10 kB email', 'forgot-password', { email: huge }, 'email'],
  ['reset with a 10 kB token', 'reset-password', { ...reset, token: huge }, 'token'],
  // wrong types
  ['signup with a numeric email', 'signup', { ...signup, email: 42 }, 'email'],
  ['signup with a boolean password', 'signup', { ...signup, password: true }, 'password'],
  ['signup with an object firstname', 'signup', { ...signup, firstname: {} }, 'firstname'],
  ['signup with an array lastname', 'signup', { ...signup, lastname: ['Trader'] }, 'lastname'],
  ['login with a null email', 'login', { email: null, password }, 'email'],
  ['forgot with an array email', 'forgot-password', { email: ['a@example.test'] }, 'email'],
  ['reset with a numeric token', 'reset-password', { ...reset, token: 12345 }, 'token'],
  // the password rule and address syntax
  ['signup with a 7-character password', 'signup', { ...signup, password: 'abc1234' }, 'password'],
  [
    'signup with a 65-character password',
    'signup',
    { ...signup, password: `a${'1'.repeat(64)}` },
    'password',
  ],
  ['signup with a digits-only password', 'signup', { ...signup, password: '12345678' }, 'password'],
  [
    'signup with a space in the password',
    'signup',
    { ...signup, password: 'abcd 1234' },
    'password',
  ],
  [
    'reset to a password with no letter',
    'reset-password',
    { ...reset, password: '@@@@1111' },
    'password',
  ],
  ['signup with a malformed email', 'signup', { ...signup, email: 'not-an-address' }, 'email'],
  ['forgot with a malformed email', 'forgot-password', { email: 'a@' }, 'email'],
  // unicode
  ['signup with a unicode password', 'signup', { ...signup, password: 'pässwörd1' }, 'password'],
  ['signup with an emoji password', 'signup', { ...signup, password: 'secret🔑123' }, 'password'],
  ['signup with a unicode address', 'signup', { ...signup, email: 'ädä@exämple.test' }, 'email'],
  [
    'signup with a control character',
    'signup',
    { ...signup, lastname: 'Trader\u0007' },
    'lastname',
  ],
  ['signup with a NUL in the name', 'signup', { ...signup, firstname: 'A\u0000da' }, 'firstname'],
];

describe('bad input to /api/auth', () => {
  it.each(cases)('%s → 400 naming %s', async (_name, url, body, field) => {
    const before = await rowCounts();
    const response = await client().post(`/api/auth/${url}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    expect(response.json().error).toBe(response.json().message);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['malformed JSON', '{"email": "a@example.test", '],
    ['a JSON string', '"a@example.test"'],
    ['a JSON array', '[1, 2]'],
    ['JSON null', 'null'],
  ])('%s → 400', async (_name, raw) => {
    for (const url of ['signup', 'login', 'forgot-password', 'reset-password']) {
      const before = await rowCounts();
      const response = await client().post(`/api/auth/${url}`, raw, {
        'content-type': 'application/json',
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
      expect(response.json().message).toMatch(/JSON/);
      expect(await rowCounts()).toEqual(before);
    }
  });

  it('an empty body names the first field, or asks for a JSON object', async () => {
    const empty = await client().post('/api/auth/login');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body must be a JSON object.');
    const form = await client().post('/api/auth/login', 'email=a@example.test', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
  });

  it('accepts unicode names and stores them as sent', async () => {
    const email = uniqueEmail();
    const response = await client().post('/api/auth/signup', {
      email,
      password,
      firstname: 'Zoë',
      lastname: '李 Ørsted-Ñúñez',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ firstname: 'Zoë', lastname: '李 Ørsted-Ñúñez' });
  });

  it('ignores fields it does not know (a role or a verified flag cannot be posted in)', async () => {
    const email = uniqueEmail();
    await client().post('/api/auth/signup', {
      ...signup,
      email,
      verified: true,
      productType: 'pro',
      licenseNumber: 'SR-MINE',
    });
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.verified).toBe(false);
    expect(row!.licenseNumber).not.toBe('SR-MINE');
  });
});
