/** A EURUSD buy of 0.01 lot for `licenseNumber`: the alert tests send unless they say otherwise. */
export const alertFields = (licenseNumber: string, extra: Record<string, unknown> = {}) => ({
  licenseNumber,
  symbol: 'EURUSD',
  position: 'buy',
  lot: 0.01,
  ...extra,
});

/**
 * Posts `alert` to the webhook of the server at `baseUrl` over real HTTP: as JSON, or as
 * `text/plain` the way TradingView sends it.
 */
export function postWebhook(
  baseUrl: string,
  alert: Record<string, unknown>,
  contentType: 'application/json' | 'text/plain' = 'application/json',
) {
  return fetch(`${baseUrl}/api/webhook/handleWebhook`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify(alert),
  });
}
