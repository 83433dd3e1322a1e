/** The alert the bench sends: a TradingView message as users write it (text/plain JSON). */
export function alertBody(licenseNumber: string, i: number, isTest = false): string {
  return JSON.stringify({
    licenseNumber,
    symbol: 'EURUSD',
    position: i % 2 === 0 ? 'buy' : 'sell',
    lot: 0.01,
    ...(isTest ? { isTest: true } : {}),
  });
}

export const alertContentType = 'text/plain; charset=utf-8';
