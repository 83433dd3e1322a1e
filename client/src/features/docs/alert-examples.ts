/**
 * The alert messages shown on the Basic Configuration page. A test parses every one with the
 * server's webhook schema (after filling in TradingView's placeholders), so none can go stale.
 */

const licensePlaceholder = 'YOUR-LICENSE-NUMBER';

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
  /** The fields between the license number and the platform, which exampleJson() adds. */
  message: Record<string, string | number | boolean | Record<string, number>[]>;
};

export const alertExamples: AlertExample[] = [
  {
    id: 'buy',
    title: 'Buy with stop loss and take profit',
    text: 'Opens a 0.10-lot buy at market with a stop loss 200 points below and a take profit 400 points above the entry (20 and 40 pips on a 5-digit EURUSD quote).',
    message: {
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.1,
      slpoint: 200,
      tppoint: 400,
    },
  },
  {
    id: 'sell-risk',
    title: 'Sell sized by risk',
    text: 'Opens a sell whose size loses 1% of the account balance if the 300-point stop loss is hit. riskPercentage overrides lot and needs slpoint.',
    message: {
      symbol: 'XAUUSD',
      position: 'sell',
      riskPercentage: 1,
      slpoint: 300,
      tppoint: 600,
    },
  },
  {
    id: 'trailing',
    title: 'Buy with trailing stop and break-even',
    text: 'The stop loss trails 150 points behind the best price, and moves to the entry price once the trade is 10 pips in profit.',
    message: {
      symbol: 'GBPUSD',
      position: 'buy',
      lot: 0.05,
      slpoint: 250,
      trailingStop: 150,
      breakEvenPips: 10,
    },
  },
  {
    id: 'closebuy',
    title: 'Close buy positions',
    text: 'Closes every buy position on the symbol that the EA opened. Close actions need only symbol, position and platform.',
    message: {
      symbol: 'EURUSD',
      position: 'closebuy',
    },
  },
  {
    id: 'closesell',
    title: 'Close sell positions',
    text: 'Closes every sell position on the symbol that the EA opened.',
    message: {
      symbol: 'XAUUSD',
      position: 'closesell',
    },
  },
  {
    id: 'closeall',
    title: 'Close all positions on a symbol',
    text: 'Closes buys and sells on the symbol. With an empty symbol, closeall closes every position the EA opened on the account.',
    message: {
      symbol: 'GBPUSD',
      position: 'closeall',
    },
  },
  {
    id: 'buylimit',
    title: 'Buy limit: a pending order below the market',
    text: 'Waits at 1.08000 and buys when the price comes down to it; the broker deletes it after 4 hours. buystop waits above the market instead, selllimit above and sellstop below. Stops are measured from the entry price.',
    message: {
      symbol: 'EURUSD',
      position: 'buylimit',
      price: 1.08,
      lot: 0.1,
      slpips: 20,
      tppips: 40,
      expiry: 240,
    },
  },
  {
    id: 'selllimit',
    title: 'Sell limit: a pending order above the market',
    text: 'Sells if the price rises to 1.27500; good till cancelled (no expiry).',
    message: {
      symbol: 'GBPUSD',
      position: 'selllimit',
      price: 1.275,
      lot: 0.1,
      slpoint: 300,
    },
  },
  {
    id: 'buystop',
    title: 'Buy stop: buy the breakout',
    text: 'Buys if the price breaks up through 1.09000, with stops in pips from that entry.',
    message: {
      symbol: 'EURUSD',
      position: 'buystop',
      price: 1.09,
      lot: 0.1,
      slpips: 15,
      tppips: 45,
    },
  },
  {
    id: 'sellstop',
    title: 'Sell stop sized by money',
    text: 'Sells if gold falls to 2,340.00, with a size that loses 50 in your account currency at the 2,350.00 stop loss.',
    message: {
      symbol: 'XAUUSD',
      position: 'sellstop',
      price: 2340,
      slprice: 2350,
      riskAmount: 50,
    },
  },
  {
    id: 'cancel',
    title: 'Cancel pending orders',
    text: 'Deletes the pending orders the EA placed on the symbol; side narrows it to buy or sell orders.',
    message: {
      symbol: 'EURUSD',
      position: 'cancel',
      side: 'buy',
    },
  },
  {
    id: 'modify',
    title: 'Move the stop loss and take profit',
    text: "Sets a new stop loss and take profit on the open positions the EA has on the symbol, measured from each position's open price. A stop you leave out stays as it is.",
    message: {
      symbol: 'EURUSD',
      position: 'modify',
      slpips: 10,
      tppips: 50,
    },
  },
  {
    id: 'partial-close',
    title: 'Close half of each buy',
    text: 'Closes 50% of each buy position on the symbol, rounded down to the volume step. A position too small to split is left open and the result says so.',
    message: {
      symbol: 'EURUSD',
      position: 'closebuy',
      closePercent: 50,
    },
  },
  {
    id: 'reverse',
    title: 'Reverse in one alert',
    text: 'Closes the sell positions on the symbol first, then opens the buy; the Signal History shows both results on one signal. If a close fails, nothing is opened.',
    message: {
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.1,
      closeOpposite: true,
      slpips: 25,
      maxSpread: 20,
    },
  },
  {
    id: 'take-profits',
    title: 'Several take-profits with break-even',
    text: 'Takes half the position at 20 pips and the rest at 40 pips; after the first level the stop loss moves to the entry price.',
    message: {
      symbol: 'GBPUSD',
      position: 'buy',
      lot: 0.2,
      slpips: 20,
      tps: [
        { pips: 20, percent: 50 },
        { pips: 40, percent: 50 },
      ],
      breakEvenPips: 20,
      comment: 'scale-out',
    },
  },
  {
    id: 'account',
    title: 'One account of several',
    text: 'With several terminals on one license, account sends the signal only to the terminal logged in to that account number.',
    message: {
      symbol: 'EURUSD',
      position: 'sell',
      lot: 0.05,
      account: '5012345',
      magic: 2026,
    },
  },
  {
    id: 'strategy',
    title: 'One message for a whole TradingView strategy',
    text: 'In a strategy alert, TradingView fills in the placeholders: the direction of each order, the chart symbol and an id that makes a resent alert harmless.',
    message: {
      symbol: '{{ticker}}',
      position: '{{strategy.order.action}}',
      lot: 0.1,
      slpoint: 200,
      tppoint: 400,
      price: '{{close}}',
      alertId: '{{strategy.order.id}}-{{timenow}}',
    },
  },
];

/**
 * The message as the user should paste it: their license number (when we know it) first, the
 * example's fields, then the platform, which every example targets as MT5.
 */
export function exampleJson(example: AlertExample, licenseNumber?: string | null): string {
  const message = {
    licenseNumber: licenseNumber || licensePlaceholder,
    ...example.message,
    platform: 'mt5',
  };
  return JSON.stringify(message, null, 2);
}
