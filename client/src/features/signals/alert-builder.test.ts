import { describe, expect, it } from 'vitest';
import { checkAlertMessage, strategyAlertText } from './alert-builder.ts';
import { defaultTestForm } from './signal-test-form.ts';

const license = 'SR-TEST-1';

describe('strategy alert', () => {
  const text = strategyAlertText({ ...defaultTestForm, slpoint: '200' }, license);

  it("uses TradingView's strategy placeholders, the lot unquoted, and an alertId per order", () => {
    expect(text).toContain('"symbol": "{{ticker}}"');
    expect(text).toContain('"position": "{{strategy.order.action}}"');
    expect(text).toContain('"lot": {{strategy.order.contracts}},');
    expect(text).toContain('"alertId": "{{ticker}}-{{strategy.order.id}}-{{timenow}}"');
    expect(text).toContain('"slpoint": 200');
    expect(text).not.toContain('riskPercentage');
  });

  it('is accepted by the server schema once TradingView filled it in', () => {
    const check = checkAlertMessage(text, license);
    expect(check.problems).toEqual([]);
    expect(check.ignored).toEqual([]);
    expect(check.examples).toContainEqual({
      placeholder: '{{strategy.order.contracts}}',
      value: '0.1',
    });
  });
});

describe('strategy alert, reverse', () => {
  const text = strategyAlertText(defaultTestForm, license, { reverse: true });

  it('closes the opposite side first, sized by the position after the order', () => {
    expect(text).toContain('"closeOpposite": true,');
    expect(text).toContain('"lot": {{strategy.market_position_size}},');
    expect(text).not.toContain('strategy.order.contracts');
    expect(strategyAlertText(defaultTestForm, license)).not.toContain('closeOpposite');
  });

  it('is accepted by the server schema, and refused once filled in for an exit to flat', () => {
    expect(checkAlertMessage(text, license).problems).toEqual([]);
    const flat = text.replace('{{strategy.market_position_size}}', '0');
    expect(checkAlertMessage(flat, license).problems).toEqual([
      {
        field: 'lot',
        message: 'must be greater than 0 for buy and sell (or set riskPercentage or riskAmount)',
      },
    ]);
  });
});

describe('checkAlertMessage', () => {
  const alert = (fields: Record<string, unknown>) =>
    JSON.stringify({
      licenseNumber: license,
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.1,
      ...fields,
    });

  it("reports the server schema's errors by field", () => {
    const check = checkAlertMessage(alert({ position: 'hold', lot: 'abc' }), license);
    expect(check.problems).toEqual([
      {
        field: 'position',
        message:
          'must be one of buy, sell, closebuy, closesell, closeall, buylimit, selllimit, buystop, sellstop, cancel, modify (long/short also work), not "hold"',
      },
      { field: 'lot', message: 'must be a plain decimal number such as 0.01, not "abc"' },
    ]);
  });

  it('explains broken JSON, a misspelt placeholder, an ignored field and a foreign license', () => {
    expect(checkAlertMessage('{"symbol": "EURUSD",}', license).problems[0]?.message).toMatch(
      /^The message is not valid JSON \(.+\)\. Check quotes and commas/,
    );
    expect(checkAlertMessage('', license).problems[0]?.message).toMatch(/empty/);
    expect(checkAlertMessage('[1]', license).problems[0]?.message).toMatch(/one JSON object/);
    const typo = checkAlertMessage(alert({ symbol: '{{tiker}}' }), license);
    expect(typo.problems[0]).toEqual({
      field: null,
      message:
        '{{tiker}} is not a TradingView placeholder: TradingView would send it as typed. Check its spelling.',
    });
    expect(checkAlertMessage(alert({ lots: 1 }), license).ignored).toEqual(['lots']);
    expect(checkAlertMessage(alert({}), 'SR-OTHER').problems).toEqual([
      {
        field: 'licenseNumber',
        message: 'is not your license number: the alert would not reach your EA.',
      },
    ]);
  });

  it('reads a number placeholder typed inside quotes like the server: still a number', () => {
    expect(
      checkAlertMessage(alert({ lot: '{{strategy.order.contracts}}' }), license).problems,
    ).toEqual([]);
  });
});
