import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { contactMessages } from '../../db/schema/misc.ts';
import { contactRateLimit } from './contact-routes.ts';

const supportEmail = 'help@relay.example';

const valid = {
  name: 'Ada Trader',
  email: 'ada@example.test',
  subject: 'EA shows a grey cap icon',
  category: 'installation',
  message: 'The EA is attached but the icon on the chart stays grey. What should I check?',
};

let smtp: SmtpReceiver;
let t: TestApp;
/** Each test posts from its own address so the per-IP limit of one does not leak into another. */
let ipCounter = 1;
const nextIp = () => `198.51.100.${ipCounter++}`;

function post(body: unknown, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: body as Record<string, unknown>,
    headers: { 'x-forwarded-for': ip },
  });
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: supportEmail,
    BUSINESS_ADDRESS: '1 Example Street, Springfield',
    BUSINESS_PHONE: '+1 555 0100',
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /api/contact', () => {
  it('stores the message and delivers it to the support address with the sender as reply-to', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    const { ok, id } = response.json();
    expect(ok).toBe(true);

    const mail = await smtp.waitForMessage((m) => m.subject?.includes(valid.subject) ?? false);
    expect(mail.envelope.to).toEqual([supportEmail]);
    expect(mail.subject).toBe(`[Support · Installation Help] ${valid.subject}`);
    expect(mail.replyTo?.value[0]?.address).toBe(valid.email);
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain(`Reference: ${id}`);

    const [row] = await t.deps.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ ...valid, category: 'installation' });
  });

  it('escapes the message in the HTML part', async () => {
    const response = await post({
      ...valid,
      subject: 'Script test',
      message: '<script>alert(1)</script> hi',
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitForMessage((m) => m.subject?.includes('Script test') ?? false);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it.each([
    [{ ...valid, name: '' }, 'name: is required'],
    [{ ...valid, email: 'not-an-address' }, 'email: must be a valid e-mail address'],
    [{ ...valid, subject: undefined }, 'subject: is required'],
    [{ ...valid, subject: 'Hi\r\nBcc: victim@example.test' }, 'subject: must be a single line'],
    [{ ...valid, category: 'sales' }, 'category: must be one of technical, billing'],
    [{ ...valid, message: 'short' }, 'message: must be at least 10 characters'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message: must be at most 5000 characters'],
  ])('rejects bad input with a message naming the field (%#)', async (body, expected) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(expected);
  });
});

describe.each([
  ['in-process', false],
  ['Redis', true],
])('POST /api/contact rate limit (%s store)', (_name, redis) => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SMTP_URL: smtp.url, redis });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('rate-limits a flood from one IP and leaves other IPs alone', async () => {
    const ip = nextIp();
    const send = (body: unknown, from: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: body as Record<string, unknown>,
        headers: { 'x-forwarded-for': from },
      });
    const statuses: number[] = [];
    for (let i = 0; i < contactRateLimit.max + 2; i++) {
      statuses.push((await send({ ...valid, subject: `Flood ${i}` }, ip)).statusCode);
    }
    expect(statuses.slice(0, contactRateLimit.max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(contactRateLimit.max)).toEqual([429, 429]);
    const rejected = await send(valid, ip);
    expect(rejected.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(rejected.headers['retry-after']).toBeDefined();
    expect(await limited.deps.database.db.$count(contactMessages)).toBe(contactRateLimit.max);

    expect((await send(valid, nextIp())).statusCode).toBe(200);
  });
});

describe('GET /api/contact/info', () => {
  it('returns the configured contact details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/contact/info' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      supportEmail,
      address: '1 Example Street, Springfield',
      phone: '+1 555 0100',
    });
  });
});
