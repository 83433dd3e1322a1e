import { createEaClient, type EaClientOptions } from '@signalrelay/bridge/ea-client';

/**
 * The reference EA (bridge/) for `licenseNumber` against the server at `server`: account
 * 5012345 at MetaQuotes-Demo on MT5 over WebSocket, unless `options` say otherwise. Not
 * started yet.
 */
export function referenceEaClient(
  server: string,
  licenseNumber: string,
  options: Partial<EaClientOptions> & Pick<EaClientOptions, 'execute'>,
) {
  return createEaClient({
    server,
    transport: 'ws',
    licenseNumber,
    platform: 'mt5',
    account: '5012345',
    broker: 'MetaQuotes-Demo',
    ...options,
  });
}
