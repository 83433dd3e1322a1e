import { startTcpProxy, type TcpProxy } from '../../../../server/test/tcp-proxy.ts';
import type { EaProcess } from '../../host/ea-process.ts';
import { connectedRelay, type World } from './world.ts';

/**
 * Runs `body` with the relay of `world` connected through a TCP proxy in front of the server,
 * so that the scenario can cut the network and restore it; the proxy is closed after.
 */
export async function withProxiedRelay(
  world: World,
  body: (ea: EaProcess, proxy: TcpProxy) => Promise<void>,
): Promise<void> {
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: world.server.port });
  try {
    await body(await connectedRelay(world, { serverUrl: `http://127.0.0.1:${proxy.port}` }), proxy);
  } finally {
    await proxy.close();
  }
}
