/**
 * The alert messages shown on the Basic Configuration page. A test parses every one with the
 * server's webhook schema (after filling in TradingView's placeholders), so none can go stale.
 */

export const licensePlaceholder = 'YOUR-LICENSE-NUMBER';

/** Values TradingView substitutes for the placeholders used below, for the test. */
export const placeholderSamples: Record<string, string> = {
  '{{ticker}}': 'EURUSD',
  '{{close}}': '1.08342',
  '{{strategy.order.action}}': 'buy',
  '{{strategy.order.id}}': 'Long Entry',
  '{{timenow}}': '2026-03-02T14:30:00Z',
};

export type AlertExample = {
  id: string;
  title: string;
  text: string;
  message: Record<string, string | number>;
};

export const alertExamples: AlertExample[] = [
  {
    id: 'buy',
    title: 'Buy with stop loss and take profit',
    text: 'Opens a 0.10-lot buy at market with a stop loss 200 points below and a take profit 400 points above the entry (20 and 40 pips on a 5-digit EURUSD quote).',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.1,
      slpoint: 200,
      tppoint: 400,
      platform: 'mt5',
    },
  },
  {
    id: 'sell-risk',
    title: 'Sell sized by risk',
    text: 'Opens a sell whose size loses 1% of the account balance if the 300-point stop loss is hit. riskPercentage overrides lot and needs slpoint.',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: 'XAUUSD',
      position: 'sell',
      riskPercentage: 1,
      slpoint: 300,
      tppoint: 600,
      platform: 'mt5',
    },
  },
  {
    id: 'trailing',
    title: 'Buy with trailing stop and break-even',
    text: 'The stop loss trails 150 points behind the best price, and moves to the entry price once the trade is 10 pips in profit.',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: 'GBPUSD',
      position: 'buy',
      lot: 0.05,
      slpoint: 250,
      trailingStop: 150,
      breakEvenPips: 10,
      platform: 'mt5',
    },
  },
  {
    id: 'closebuy',
    title: 'Close buy positions',
    text: 'Closes every buy position on the symbol that the EA opened. Close actions need only symbol, position and platform.',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: 'EURUSD',
      position: 'closebuy',
      platform: 'mt5',
    },
  },
  {
    id: 'closesell',
    title: 'Close sell positions',
    text: 'Closes every sell position on the symbol that the EA opened.',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: 'XAUUSD',
      position: 'closesell',
      platform: 'mt5',
    },
  },
  {
    id: 'closeall',
    title: 'Close all positions on a symbol',
    text: 'Closes buys and sells on the symbol. With an empty symbol, closeall closes every position the EA opened on the account.',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: 'GBPUSD',
      position: 'closeall',
      platform: 'mt5',
    },
  },
  {
    id: 'strategy',
    title: 'One message for a whole TradingView strategy',
    text: 'In a strategy alert, TradingView fills in the placeholders: the direction of each order, the chart symbol and an id that makes a resent alert harmless.',
    message: {
      licenseNumber: licensePlaceholder,
      symbol: '{{ticker}}',
      position: '{{strategy.order.action}}',
      lot: 0.1,
      slpoint: 200,
      tppoint: 400,
      price: '{{close}}',
      alertId: '{{strategy.order.id}}-{{timenow}}',
      platform: 'mt5',
    },
  },
];

/** The message as the user should paste it, with their license number when we know it. */
export function exampleJson(example: AlertExample, licenseNumber?: string | null): string {
  const message = licenseNumber ? { ...example.message, licenseNumber } : example.message;
  return JSON.stringify(message, null, 2);
}
