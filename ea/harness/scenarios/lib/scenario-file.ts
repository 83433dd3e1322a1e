import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AccountKind } from '../../host/broker/account.ts';
import type { EaProcess } from '../../host/ea-process.ts';
import { type ScenarioServer, startServer } from './server.ts';
import { connectedRelay, createWorld, requireBinaries, type World } from './world.ts';

/** The time limit of a scenario that waits through reconnects and back-offs (vitest's default is 30 s). */
export const reconnectTimeoutMs = 60_000;

/**
 * The hooks of a scenario file: the EAs of `kinds` must be built (else the file fails, naming
 * the build command), one real server for the file, and a fresh world per scenario (a new
 * trader, broker and terminal), closed after it with any EA that died or was refused by the
 * host reported as a failure. `relayWorld` is the usual start: a fresh world with the relay
 * connected to the server.
 */
export function scenarioFile(
  kinds: AccountKind[],
  serverOptions: Parameters<typeof startServer>[0] = {},
) {
  let server: ScenarioServer | undefined;
  const worlds: World[] = [];
  beforeAll(async () => {
    for (const kind of kinds) requireBinaries(kind);
    server = await startServer(serverOptions);
  });
  afterEach(async () => {
    await Promise.all(worlds.splice(0).map((w) => w.close()));
  });
  afterAll(() => server?.close());
  return {
    server(): ScenarioServer {
      if (!server) throw new Error('the scenario server is not started (beforeAll failed)');
      return server;
    },
    async world(kind: AccountKind, options?: Parameters<typeof createWorld>[2]): Promise<World> {
      const w = await createWorld(this.server(), kind, options);
      worlds.push(w);
      return w;
    },
    async relayWorld(
      kind: AccountKind,
      relay?: Parameters<World['relay']>[0],
    ): Promise<{ w: World; ea: EaProcess }> {
      const w = await this.world(kind);
      return { w, ea: await connectedRelay(w, relay) };
    },
  };
}
