import { webhookAlertSchema, webhookPositions } from '@signalrelay/contracts/signals';
import { describe, expect, it } from 'vitest';
import { alertExamples, exampleJson, placeholderSamples } from './alert-examples.ts';
import { alertParameters } from './alert-parameters.ts';

function fillPlaceholders(json: string): string {
  return json.replace(/\{\{[^}]+\}\}/g, (p) => {
    const sample = placeholderSamples[p];
    if (sample === undefined) throw new Error(`no sample value for ${p}`);
    return sample;
  });
}

describe('Basic Configuration examples', () => {
  it.each(alertExamples.map((e) => [e.id, e] as const))(
    '%s is accepted by the webhook schema',
    (_id, example) => {
      const body = JSON.parse(fillPlaceholders(exampleJson(example, 'a-real-license')));
      const parsed = webhookAlertSchema.safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(parsed.data?.licenseNumber).toBe('a-real-license');
    },
  );

  it('covers every position', () => {
    const positions = new Set(
      alertExamples.map(
        (e) => webhookAlertSchema.parse(JSON.parse(fillPlaceholders(exampleJson(e)))).position,
      ),
    );
    expect([...positions].sort()).toEqual([...webhookPositions].sort());
  });
});

describe('parameter reference', () => {
  it('lists every field the webhook schema accepts, with its description', () => {
    const names = alertParameters().map((p) => p.name);
    expect(names.sort()).toEqual(Object.keys(webhookAlertSchema.shape).sort());
    for (const p of alertParameters()) expect(p.description, p.name).not.toBe('');
  });

  it('reads defaults, ranges and allowed values from the schema', () => {
    const byName = Object.fromEntries(alertParameters().map((p) => [p.name, p]));
    expect(byName.position).toMatchObject({ required: true });
    expect(byName.position?.allowed).toEqual([
      'buy',
      'sell',
      'closebuy',
      'closesell',
      'closeall',
      'buylimit',
      'selllimit',
      'buystop',
      'sellstop',
      'cancel',
      'modify',
    ]);
    expect(byName.lot).toMatchObject({ type: 'number', default: '0', required: false });
    expect(byName.riskPercentage?.range).toBe('0 – 100');
    expect(byName.platform?.allowed).toEqual(['mt4', 'mt5']);
  });

  it('documents the lenient parsing the server really does', () => {
    const parsed = webhookAlertSchema.parse({
      licenseNumber: 'x',
      symbol: 'OANDA:EURUSD',
      position: 'LONG',
      lot: '0.1',
      slpoint: '200',
    });
    expect(parsed).toMatchObject({ symbol: 'EURUSD', position: 'buy', lot: 0.1, slpoint: 200 });
    expect(
      webhookAlertSchema.parse({ licenseNumber: 'x', symbol: 'EURUSD', position: 'short', lot: 1 })
        .position,
    ).toBe('sell');
  });

  it.each([
    ['no symbol', { position: 'buy', lot: 0.1 }, false],
    ['no lot on a buy', { symbol: 'EURUSD', position: 'buy' }, false],
    ['risk, no stop loss', { symbol: 'EURUSD', position: 'sell', riskPercentage: 1 }, false],
    ['an empty symbol on closeall', { symbol: '', position: 'closeall' }, true],
    ['no symbol on closebuy', { position: 'closebuy' }, false],
  ])('enforces the rules the page states: %s, accepted %s', (_case, alert, accepted) => {
    const base = { licenseNumber: 'x', platform: 'mt5' };
    expect(webhookAlertSchema.safeParse({ ...base, ...alert }).success).toBe(accepted);
  });
});
