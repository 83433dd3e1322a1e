import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createTestUser } from '../../../test/users.ts';
import { signals } from '../../db/schema/signals.ts';

let t: TestApp;
let license: string;

beforeAll(async () => {
  t = await createTestApp({ redis: true });
  license = (await createTestUser(t.deps.database.db)).licenseNumber;
});
afterAll(() => t.close());

function post(payload: string | Buffer, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhook/handleWebhook',
    headers: { 'content-type': contentType },
    payload,
  });
}

/** Input is validated before the license is looked up, so table rows need no real license. */
const tableLicense = 'SR-VALIDATION-ONLY';
const valid = (licenseNumber = tableLicense) => ({
  licenseNumber,
  symbol: 'EURUSD',
  position: 'buy',
  lot: 0.01,
});
const json = (v: unknown) => JSON.stringify(v);
const withField = (field: string, value: unknown) => json({ ...valid(), [field]: value });
const without = (field: string) => {
  const body: Record<string, unknown> = valid();
  delete body[field];
  return json(body);
};

/** [name, body, content type, expected status, text the message must contain] */
type Malformed = [string, string | Buffer, string, number, string];
/** The common case: a JSON body refused with 400, the message naming what is wrong. */
const refusedJson = (name: string, body: string, mentions: string): Malformed => [
  name,
  body,
  'application/json',
  400,
  mentions,
];

const malformed: Malformed[] = [
  refusedJson('empty body', '', ''),
  ['empty text body', '   ', 'text/plain', 400, 'empty'],
  refusedJson('truncated JSON', '{"licenseNumber": "x"', 'JSON'),
  ['truncated JSON as text', '{"licenseNumber": "x"', 'text/plain', 400, 'not valid JSON'],
  ['single quotes', "{'symbol':'EURUSD'}", 'text/plain', 400, 'not valid JSON'],
  ['trailing comma', '{"symbol":"EURUSD",}', 'text/plain', 400, 'not valid JSON'],
  refusedJson('JSON array', '[1,2,3]', 'JSON object'),
  refusedJson('JSON string', '"buy EURUSD"', 'JSON object'),
  refusedJson('JSON number', '42', 'JSON object'),
  refusedJson('JSON null', 'null', 'JSON object'),
  ['plain words', 'buy EURUSD now', 'text/plain', 400, 'not valid JSON'],
  refusedJson('missing license', without('licenseNumber'), 'licenseNumber'),
  refusedJson('empty license', withField('licenseNumber', ''), 'licenseNumber'),
  refusedJson('numeric license', withField('licenseNumber', 12345), 'licenseNumber'),
  refusedJson('license array', withField('licenseNumber', ['a']), 'licenseNumber'),
  refusedJson('license 10 kB', withField('licenseNumber', 'x'.repeat(10_000)), 'licenseNumber'),
  ['unknown license', withField('licenseNumber', 'SR-UNKNOWN'), 'application/json', 401, 'licen'],
  refusedJson('missing position', without('position'), 'position'),
  refusedJson('unknown position', withField('position', 'hold'), 'position'),
  refusedJson('position number', withField('position', 1), 'position'),
  refusedJson('position null', withField('position', null), 'position'),
  refusedJson('position object', withField('position', { a: 1 }), 'position'),
  refusedJson('missing symbol on buy', without('symbol'), 'symbol'),
  refusedJson('empty symbol on buy', withField('symbol', ''), 'symbol'),
  refusedJson('symbol with spaces', withField('symbol', 'EUR USD'), 'symbol'),
  refusedJson('symbol with quotes', withField('symbol', 'EUR"USD'), 'symbol'),
  refusedJson('symbol html', withField('symbol', '<script>'), 'symbol'),
  refusedJson('symbol too long', withField('symbol', 'A'.repeat(65)), 'symbol'),
  refusedJson('symbol number', withField('symbol', 1234), 'symbol'),
  refusedJson('symbol unicode', withField('symbol', 'ЕВРОUSD'), 'symbol'),
  refusedJson('negative lot', withField('lot', -1), 'lot'),
  refusedJson('negative lot string', withField('lot', '-0.5'), 'lot'),
  refusedJson('zero lot on buy', withField('lot', 0), 'lot'),
  refusedJson('lot text', withField('lot', 'one'), 'lot'),
  refusedJson('lot huge', withField('lot', 1e12), 'lot'),
  refusedJson(
    'lot exponent overflow',
    '{"licenseNumber":"x","symbol":"EURUSD","position":"buy","lot":1e999}',
    'lot',
  ),
  refusedJson('lot boolean', withField('lot', true), 'lot'),
  refusedJson('lot array', withField('lot', [1]), 'lot'),
  refusedJson('lot Infinity string', withField('lot', 'Infinity'), 'lot'),
  refusedJson('lot NaN string', withField('lot', 'NaN'), 'lot'),
  refusedJson('negative slpoint', withField('slpoint', -10), 'slpoint'),
  refusedJson('tppoint text', withField('tppoint', 'far'), 'tppoint'),
  refusedJson('trailingStop huge', withField('trailingStop', 1e20), 'trailingStop'),
  refusedJson('breakEvenPips negative', withField('breakEvenPips', -1), 'breakEvenPips'),
  refusedJson('risk over 100', withField('riskPercentage', 150), 'riskPercentage'),
  refusedJson('risk without stop loss', withField('riskPercentage', 1), 'slpoint'),
  refusedJson('risk text', withField('riskPercentage', 'lots'), 'riskPercentage'),
  refusedJson('price negative', withField('price', -1.1), 'price'),
  refusedJson('unknown platform', withField('platform', 'mt6'), 'platform'),
  refusedJson('platform number', withField('platform', 5), 'platform'),
  refusedJson('isTest text', withField('isTest', 'yes'), 'isTest'),
  refusedJson('alertId object', withField('alertId', { id: 1 }), 'alertId'),
  refusedJson('alertId too long', withField('alertId', 'a'.repeat(200)), 'alertId'),
  refusedJson('senderPlatform number', withField('senderPlatform', 7), 'senderPlatform'),
  refusedJson(
    'closebuy without symbol',
    json({ licenseNumber: tableLicense, position: 'closebuy' }),
    'symbol',
  ),
  [
    'oversized body',
    json({ ...valid(), note: 'x'.repeat(17_000) }),
    'application/json',
    413,
    'too large',
  ],
  [
    'form encoded',
    'licenseNumber=x&symbol=EURUSD',
    'application/x-www-form-urlencoded',
    415,
    'content type',
  ],
  ['xml', '<alert/>', 'application/xml', 415, 'content type'],
  [
    'binary garbage',
    Buffer.from([0xff, 0xfe, 0x00, 0x01]),
    'application/octet-stream',
    415,
    'content type',
  ],
  refusedJson('deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`, ''),
];

describe('webhook input', () => {
  it('has a table of at least 50 malformed bodies', () => {
    expect(malformed.length).toBeGreaterThanOrEqual(50);
  });

  it.each(malformed)('%s → clear 4xx', async (_name, body, type, status, mentions) => {
    const res = await post(body, type);
    expect(res.statusCode).toBe(status);
    const reply = res.json() as { message: string; code: string };
    expect(reply.message).toBeTypeOf('string');
    expect(reply.message.length).toBeGreaterThan(5);
    expect(reply.message.toLowerCase()).toContain(mentions.toLowerCase());
  });

  it('still serves after the malformed table', async () => {
    const res = await post(json(valid(license)));
    expect(res.statusCode).toBe(200);
  });

  it('accepts TradingView text/plain with lenient values', async () => {
    const res = await post(
      json({
        licenseNumber: ` ${license.toLowerCase()} `,
        symbol: 'FX:GBPJPY',
        position: 'SHORT',
        lot: '0.10',
        slpoint: '150',
        tppoint: '',
        platform: 'MT5',
        isTest: 'false',
        somethingElse: 'ignored',
      }),
      'text/plain; charset=utf-8',
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.database.db
      .select()
      .from(signals)
      .where(eq(signals.id, res.json().signalId));
    expect(row).toMatchObject({
      symbol: 'GBPJPY',
      position: 'sell',
      lot: 0.1,
      slpoint: 150,
      tppoint: 0,
      platform: 'mt5',
    });
  });
});

describe('alert idempotency', () => {
  it('returns the first signal for a repeated alertId', async () => {
    const body = json({ ...valid(license), alertId: 'order-77@2026-11-22T10:00:00Z' });
    const first = await post(body);
    const second = await post(body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ signalId: first.json().signalId, duplicate: true });
    const rows = await t.deps.database.db
      .select()
      .from(signals)
      .where(and(eq(signals.alertId, 'order-77@2026-11-22T10:00:00Z')));
    expect(rows).toHaveLength(1);
  });

  it('stores one signal when the same alert arrives concurrently', async () => {
    const body = json({ ...valid(license), alertId: 'burst-1' });
    const replies = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    const ids = new Set(replies.map((r) => r.json().signalId));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
  });
});
