import { noRules } from '@signalrelay/contracts/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInTestUser } from '../../../test/sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signedIn = () => signedInTestUser(t);

function put(cookie: string, payload: unknown, origin = t.deps.config.publicUrl) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/rules',
    headers: { cookie, origin },
    payload: payload as Record<string, unknown>,
  });
}

const rules = {
  ...noRules,
  maxLot: 1,
  maxDailyTrades: 10,
  tradingHours: { timeZone: 'Europe/London', days: ['mon', 'fri'], from: '08:00', to: '17:00' },
  allowedSymbols: ['EURUSD', 'XAUUSD'],
  symbolMap: { GOLD: 'XAUUSD' },
  accounts: { '5012345': { maxLot: 2, maxDailyLoss: { amount: 0, percent: 5, closeAll: true } } },
};

describe('GET/PUT /api/rules', () => {
  it('starts with every rule off, saves the rules and answers them back', async () => {
    const user = await signedIn();
    const first = await t.app.inject({ url: '/api/rules', headers: { cookie: user.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ rules: noRules, changes: [] });

    const saved = await put(user.cookie, rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rules).toEqual(rules);
    const read = await t.app.inject({ url: '/api/rules', headers: { cookie: user.cookie } });
    expect(read.json().rules).toEqual(rules);
  });

  it('asks for a session and refuses another origin (CSRF)', async () => {
    const user = await signedIn();
    expect((await t.app.inject({ url: '/api/rules' })).statusCode).toBe(401);
    const forged = await put(user.cookie, rules, 'https://evil.example');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_REJECTED');
    const read = await t.app.inject({ url: '/api/rules', headers: { cookie: user.cookie } });
    expect(read.json().rules).toEqual(noRules);
  });

  it.each([
    [{ maxLot: 0 }, 'maxLot: must be above 0'],
    [{ maxLot: '1' }, 'maxLot: must be a number of lots'],
    [{ maxOpenPositions: 2.5 }, 'maxOpenPositions: must be a whole number'],
    [{ maxDailyTrades: 0 }, 'maxDailyTrades: must be at least 1'],
    [
      { maxDailyLoss: { amount: 100, percent: 5, closeAll: false } },
      'maxDailyLoss.amount: set either an amount or a percent above 0, not both',
    ],
    [
      { tradingHours: { timeZone: 'Mars/Olympus', days: ['mon'], from: '08:00', to: '17:00' } },
      'tradingHours.timeZone: is not a known time zone (use a name such as Europe/London or UTC)',
    ],
    [
      { tradingHours: { timeZone: 'UTC', days: ['mon'], from: '8:00', to: '17:00' } },
      'tradingHours.from: must be a time from 00:00 to 23:59 (HH:MM)',
    ],
    [
      { tradingHours: { timeZone: 'UTC', days: [], from: '08:00', to: '17:00' } },
      'tradingHours.days: must name at least one day',
    ],
    [
      { allowedSymbols: ['EUR USD'] },
      'allowedSymbols.0: contains characters no broker symbol uses',
    ],
    [
      { symbolMap: { GOLD: 'XAUUSD', gold: 'XAUUSD.m' } },
      'symbolMap: names the same alert symbol twice (letter case does not count)',
    ],
    [{ accounts: { abc: {} } }, 'accounts.abc: must be an account number (digits)'],
    [
      { symbolMap: { 'GO LD': 'XAUUSD' } },
      'symbolMap.GO LD: contains characters no broker symbol uses',
    ],
    [
      { accounts: { '1': { maxDailyTrades: 3 } } },
      'accounts.1: Unrecognized key: "maxDailyTrades"',
    ],
    [{ maxLots: 1 }, 'Unrecognized key: "maxLots"'],
  ])('refuses %j with a 400 naming the field', async (change, message) => {
    const user = await signedIn();
    const res = await put(user.cookie, { ...noRules, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('logs each save that changes something: who, when, before → after', async () => {
    const user = await signedIn();
    await put(user.cookie, { ...noRules, maxLot: 1 });
    await put(user.cookie, { ...noRules, maxLot: 1 }); // no change: no entry
    const res = await put(user.cookie, rules);
    const { changes } = res.json();
    expect(changes).toHaveLength(2);
    expect(changes[0]).toMatchObject({ by: user.email });
    expect(Date.parse(changes[0].at)).toBeGreaterThan(Date.now() - 60_000);
    expect(changes[0].changes).toEqual([
      { rule: 'max daily trades', before: 'off', after: '10' },
      {
        rule: 'trading hours',
        before: 'off',
        after: 'mon, fri 08:00–17:00 (Europe/London)',
      },
      { rule: 'allowed symbols', before: 'all', after: 'EURUSD, XAUUSD' },
      { rule: 'symbol map', before: 'none', after: 'GOLD→XAUUSD' },
      { rule: 'max lot on account 5012345', before: 'as your rules', after: '2' },
      {
        rule: 'max daily loss on account 5012345',
        before: 'as your rules',
        after: '5%, close all',
      },
    ]);
    expect(changes[1].changes).toEqual([{ rule: 'max lot', before: 'off', after: '1' }]);
  });
});
