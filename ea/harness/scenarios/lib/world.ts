import type { Account, AccountKind } from '../../host/broker/account.ts';
import { Broker } from '../../host/broker/broker.ts';
import { binaryOf, type EaProcess } from '../../host/ea-process.ts';
import { Terminal, type TerminalOptions } from '../../host/terminal.ts';
import type { ScenarioServer, TraderAccount } from './server.ts';

/**
 * One scenario's world: a broker with the usual instruments, one account of `kind`, a terminal
 * logged in to it that allows the server's URL, and a trader (user + license) on the server.
 * `relay()` and `tracker()` attach the real EAs to a chart of that terminal.
 */
export type World = {
  broker: Broker;
  account: Account;
  terminal: Terminal;
  trader: TraderAccount;
  server: ScenarioServer;
  relay(options?: { chart?: string; terminal?: Terminal; serverUrl?: string }): Promise<EaProcess>;
  tracker(options?: { chart?: string }): Promise<EaProcess>;
  /** Another terminal of the same broker (and account, unless told otherwise). */
  secondTerminal(options?: Partial<TerminalOptions>): Promise<Terminal>;
  close(): Promise<void>;
};

export const platformOf = (kind: AccountKind) => (kind === 'mt4' ? 'mt4' : 'mt5');

/** Fails the scenario file at once, with the fix, when the EAs are not built. */
export function requireBinaries(kind: AccountKind): void {
  binaryOf('SignalRelay', platformOf(kind));
  binaryOf('OrderTracker', platformOf(kind));
}

/** A crude oil CFD and an index, which every scenario broker lists under these names. */
export const usoil = {
  name: 'USOIL',
  digits: 2,
  contractSize: 1000,
  tickValue: 10,
  currencyBase: 'USD',
  bid: 71.5,
  ask: 71.53,
};
export const us3000 = {
  name: 'US3000',
  digits: 1,
  tickValue: 0.1,
  contractSize: 1,
  bid: 3000,
  ask: 3000.5,
};

/** The instruments every scenario broker lists (prices in the symbols' digits). */
export function standardBroker(): Broker {
  const broker = new Broker();
  broker.addSymbol({ name: 'EURUSD', bid: 1.1, ask: 1.10002 });
  broker.addSymbol({ name: 'GBPUSD', bid: 1.25, ask: 1.25003 });
  broker.addSymbol({
    name: 'USDJPY',
    digits: 3,
    tickValue: 0.66,
    bid: 151.2,
    ask: 151.202,
  });
  broker.addSymbol(usoil);
  broker.addSymbol(us3000);
  return broker;
}

export async function createWorld(
  server: ScenarioServer,
  kind: AccountKind,
  options: { broker?: Broker; terminal?: Partial<TerminalOptions> } = {},
): Promise<World> {
  const broker = options.broker ?? standardBroker();
  const account = broker.addAccount({
    login: kind === 'mt4' ? 2090123 : 5012345,
    kind,
    balance: 10_000,
  });
  const platform = platformOf(kind);
  const terminals: Terminal[] = [];
  const startTerminal = async (extra: Partial<TerminalOptions> = {}) => {
    const t = await Terminal.start(broker, {
      platform,
      account,
      allowedUrls: [server.url],
      ...extra,
    });
    terminals.push(t);
    return t;
  };
  const terminal = await startTerminal(options.terminal);
  const trader = await server.user();
  const inputs = (serverUrl = server.url) => ({
    LicenseNumber: trader.licenseNumber,
    ServerUrl: serverUrl,
  });
  return {
    broker,
    account,
    terminal,
    trader,
    server,
    // A relay pointed elsewhere (a proxy) gets that address allowed too, as a trader would.
    relay: ({ chart = 'EURUSD', terminal: on = terminal, serverUrl } = {}) => {
      if (serverUrl && !on.allowedUrls.includes(serverUrl))
        on.setAllowedUrls([...on.allowedUrls, serverUrl]);
      return on.attach('SignalRelay', inputs(serverUrl), chart);
    },
    tracker: ({ chart = 'GBPUSD' } = {}) => terminal.attach('OrderTracker', inputs(), chart),
    secondTerminal: (extra) => startTerminal(extra),
    async close() {
      const problems: string[] = [];
      for (const t of terminals)
        for (const ea of t.allProcesses()) {
          try {
            ea.assertHealthy();
          } catch (err) {
            problems.push((err as Error).message);
          }
        }
      await Promise.all(terminals.map((t) => t.close()));
      if (problems.length > 0) throw new Error(problems.join('\n\n'));
    },
  };
}

/** The journal line that says the relay reached the server (WebSocket or long-poll). */
export const connected = /SignalRelay: connected to .* over (WebSocket|HTTPS long-poll)/;

/** Attaches the relay and waits until it is connected to the server. */
export async function connectedRelay(
  world: World,
  options?: Parameters<World['relay']>[0],
): Promise<EaProcess> {
  const ea = await world.relay(options);
  await ea.waitForJournal(connected, { timeoutMs: 15_000 });
  return ea;
}
