import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Account } from './broker/account.ts';
import type { Broker } from './broker/broker.ts';
import { EaConnection } from './connection.ts';
import { type AttachOptions, EaProcess, type Program } from './ea-process.ts';

export type TerminalOptions = {
  platform: 'mt4' | 'mt5';
  /** The account it is logged in to (none: the EA waits for a login). */
  account?: Account;
  build?: number;
  /** The toolbar's Algo Trading (MT4: AutoTrading) button. */
  autoTrading?: boolean;
  /** Whether the terminal reaches the broker's trade server. */
  connected?: boolean;
  /** Tools > Options > Expert Advisors > Allow WebRequest for listed URL. */
  allowedUrls?: string[];
  dllsAllowed?: boolean;
  /** The computer's offset from UTC, for TimeLocal. */
  localOffsetSeconds?: number;
  /** Market Watch; every symbol of the broker when not given. */
  marketWatch?: string[];
  /** MT4's Account History tab: how many days of closed orders programs see (null: All History). */
  mt4HistoryDays?: number | null;
};

/**
 * One simulated MetaTrader terminal: its settings, its global variables, its data folder (a
 * temporary directory: MQL5/Files or MQL4/Files, and Common/Files), and the host socket its EA
 * processes talk to. Several terminals may share a Broker (and an account).
 */
export class Terminal {
  readonly platform: 'mt4' | 'mt5';
  account: Account | undefined;
  build: number;
  autoTrading: boolean;
  connected: boolean;
  /** The data folder's disk has no room left: the EAs' file writes fail. */
  diskFull = false;
  allowedUrls: string[];
  dllsAllowed: boolean;
  localOffsetSeconds: number;
  mt4HistoryDays: number | null;
  readonly marketWatch: Set<string>;
  readonly globals = new Map<string, { value: number; temp: boolean }>();
  readonly dir: string;
  readonly filesDir: string;
  readonly commonDir: string;
  readonly socketPath: string;
  private readonly connections = new Set<EaConnection>();
  private readonly processes: EaProcess[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private nextChartId = 128_968_168_864_000;

  private constructor(
    readonly broker: Broker,
    options: TerminalOptions,
    private readonly server: Server,
  ) {
    this.platform = options.platform;
    this.account = options.account;
    this.build = options.build ?? (options.platform === 'mt4' ? 1420 : 4620);
    this.autoTrading = options.autoTrading ?? true;
    this.connected = options.connected ?? true;
    this.allowedUrls = options.allowedUrls ?? [];
    this.dllsAllowed = options.dllsAllowed ?? false;
    this.localOffsetSeconds = options.localOffsetSeconds ?? 0;
    this.mt4HistoryDays = options.mt4HistoryDays ?? null;
    this.marketWatch = new Set(options.marketWatch ?? broker.allSymbols().map((s) => s.name));
    this.dir = mkdtempSync(path.join(tmpdir(), 'sr-terminal-'));
    this.filesDir = path.join(this.dir, options.platform === 'mt4' ? 'MQL4' : 'MQL5', 'Files');
    this.commonDir = path.join(this.dir, 'Common', 'Files');
    mkdirSync(this.filesDir, { recursive: true });
    mkdirSync(this.commonDir, { recursive: true });
    this.socketPath = path.join(this.dir, 'host.sock');
  }

  static async start(broker: Broker, options: TerminalOptions): Promise<Terminal> {
    if (options.account && options.account.platform !== options.platform)
      throw new Error(
        `terminal: a ${options.platform} terminal cannot log in to a ${options.account.kind} account`,
      );
    const server = createServer();
    const terminal = new Terminal(broker, options, server);
    server.on('connection', (socket) => {
      const connection = new EaConnection(terminal, socket);
      terminal.connections.add(connection);
      socket.on('close', () => terminal.connections.delete(connection));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(terminal.socketPath, resolve);
    });
    terminal.unsubscribe.push(
      broker.onTick((symbol) => {
        for (const c of terminal.connections)
          if (c.chart === symbol) c.send({ event: 'tick', symbol });
      }),
      broker.onTrade((account, event) => {
        if (account !== terminal.account) return;
        for (const c of terminal.connections)
          if (c.platform === 'mt5') c.send({ event: 'trade', ...event });
      }),
    );
    return terminal;
  }

  /** Starts an EA process on a chart of `chart` (see EaProcess). */
  async attach(
    program: Program,
    inputs: Record<string, string | number | boolean>,
    chart: string,
    options: AttachOptions = {},
  ): Promise<EaProcess> {
    const ea = new EaProcess(this, program, inputs, chart, this.nextChartId++, options);
    this.processes.push(ea);
    await ea.started();
    return ea;
  }

  processByPid(pid: number): EaProcess | undefined {
    return this.processes.find((p) => p.pid === pid);
  }

  /** The EA processes started here, for failure reports. */
  allProcesses(): readonly EaProcess[] {
    return this.processes;
  }

  localMs(): number {
    return this.broker.clock.utcMs() + this.localOffsetSeconds * 1000;
  }

  /** What the hello reply and config events carry. */
  settings(ea?: EaProcess): Record<string, unknown> {
    return {
      filesDir: this.filesDir,
      commonDir: this.commonDir,
      allowedUrls: this.allowedUrls,
      dllsAllowed: this.dllsAllowed,
      build: this.build,
      connected: this.connected,
      tradeAllowed: this.autoTrading,
      ...(ea ? { chartId: ea.chartId, mqlTradeAllowed: ea.eaTradeAllowed } : {}),
    };
  }

  /** Presses the Algo Trading / AutoTrading button. */
  setAutoTrading(on: boolean): void {
    this.autoTrading = on;
    this.configChanged();
  }

  setAllowedUrls(urls: string[]): void {
    this.allowedUrls = urls;
    this.configChanged();
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    this.configChanged();
  }

  /** Fills (or frees) the disk: files opened for writing from now on take no bytes. */
  setDiskFull(full: boolean): void {
    this.diskFull = full;
  }

  private configChanged(): void {
    for (const c of this.connections) c.send({ event: 'config', terminal: this.settings() });
  }

  /**
   * The terminal dies with its EAs (killed, no OnDeinit) and is started again: its temporary
   * global variables are gone (mql5.com/en/docs/globals/globalvariabletemp), its files and
   * other global variables stay. Attach the EAs again to carry on.
   */
  async crash(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.kill()));
    for (const [name, v] of this.globals) if (v.temp) this.globals.delete(name);
  }

  /** Kills what still runs, closes the socket and removes the data folder. */
  async close(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    await Promise.all(this.processes.map((p) => p.kill()));
    for (const c of this.connections) c.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
