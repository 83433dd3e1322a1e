import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EaConnection } from './connection.ts';
import type { Terminal } from './terminal.ts';

export type Program = 'SignalRelay' | 'OrderTracker';
export type AttachOptions = {
  /** "Allow Algo Trading" in the EA's properties (MQL_TRADE_ALLOWED); true by default. */
  eaTradeAllowed?: boolean;
};
export type JournalLine = { kind: string; text: string };
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

const binDir = fileURLToPath(new URL('../build/bin/', import.meta.url));
const helloTimeoutMs = 10_000;
const exitTimeoutMs = 5_000;

/** The compiled EA for a platform, or a clear error when the build has not run. */
export function binaryOf(program: Program, platform: 'mt4' | 'mt5'): string {
  const file = `${binDir}${program}.${platform}`;
  if (!existsSync(file))
    throw new Error(`${file} does not exist: run npm run build:mql to compile the EAs first`);
  return file;
}

type Waiter = {
  match: (line: JournalLine) => boolean;
  resolve: (line: JournalLine) => void;
  reject: (err: Error) => void;
  from: number;
};

/**
 * One EA on one chart, as a Linux process (bin/<program>.<platform> --host <socket> --chart
 * <symbol> --input Name=Value ...). Collects its journal (the journal messages on the host
 * socket; stdout and stderr are kept as its raw output), and fails every wait with that output
 * when the process dies or the host refused one of its calls.
 */
export class EaProcess {
  readonly journal: JournalLine[] = [];
  readonly eaTradeAllowed: boolean;
  private readonly child: ChildProcess;
  private rawOutput = '';
  private connection: EaConnection | undefined;
  private fatal: string | undefined;
  private exitInfo: Exit | undefined;
  private expectedExit = false;
  private readonly waiters = new Set<Waiter>();
  private readonly exited: Promise<Exit>;
  private readonly hello: Promise<void>;
  private helloDone: () => void = () => undefined;

  constructor(
    private readonly terminal: Terminal,
    readonly program: Program,
    readonly inputs: Record<string, string | number | boolean>,
    readonly chart: string,
    readonly chartId: number,
    options: AttachOptions,
  ) {
    this.eaTradeAllowed = options.eaTradeAllowed ?? true;
    const args = ['--host', terminal.socketPath, '--chart', chart];
    for (const [name, value] of Object.entries(inputs)) args.push('--input', `${name}=${value}`);
    this.child = spawn(binaryOf(program, terminal.platform), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.on('error', (err) => this.onOutput(`spawn error: ${err.message}\n`));
    this.child.stdout?.setEncoding('utf8').on('data', (d: string) => this.onOutput(d));
    this.child.stderr?.setEncoding('utf8').on('data', (d: string) => this.onOutput(d));
    this.hello = new Promise((resolve) => {
      this.helloDone = resolve;
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        if (!this.expectedExit)
          this.failWaiters(`exited unexpectedly (code ${code}, signal ${signal})`);
        resolve(this.exitInfo);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get exit(): Exit | undefined {
    return this.exitInfo;
  }

  /** Resolves when the process has said hello on the host socket. */
  async started(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let outcome: string | undefined;
    await Promise.race([
      this.hello.then(() => {
        outcome = 'hello';
      }),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, helloTimeoutMs);
      }),
      this.exited.then(() => undefined),
    ]);
    clearTimeout(timer);
    if (outcome === 'hello') return;
    if (this.exitInfo)
      throw this.error(
        `exited before its hello (code ${this.exitInfo.code}, signal ${this.exitInfo.signal})`,
      );
    throw this.error(`said no hello within ${helloTimeoutMs} ms`);
  }

  /** Resolves with the first journal line (from index `from`) that matches `pattern`. */
  waitForJournal(pattern: RegExp, { timeoutMs = 10_000, from = 0 } = {}): Promise<JournalLine> {
    const match = (line: JournalLine) => pattern.test(line.text);
    const found = this.journal.slice(from).find(match);
    if (found) return Promise.resolve(found);
    if (this.fatal || (this.exitInfo && !this.expectedExit))
      return Promise.reject(this.error(`never wrote /${pattern.source}/`));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, resolve, reject, from };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(this.error(`wrote no line matching /${pattern.source}/ within ${timeoutMs} ms`));
      }, timeoutMs);
      waiter.resolve = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
      waiter.reject = (err) => {
        clearTimeout(timer);
        reject(err);
      };
      this.waiters.add(waiter);
    });
  }

  /** Journal lines matching `pattern` so far. */
  lines(pattern: RegExp): JournalLine[] {
    return this.journal.filter((l) => pattern.test(l.text));
  }

  /** Like a crash or a closed terminal: SIGKILL, no OnDeinit. */
  async kill(): Promise<void> {
    this.expectedExit = true;
    if (!this.exitInfo) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Removes the EA from its chart: OnDeinit(REASON_REMOVE), then the process must exit 0. */
  async remove(): Promise<Exit> {
    this.expectedExit = true;
    if (!this.connection) throw this.error('cannot be removed: it never connected');
    this.connection.send({ event: 'deinit', reason: 'REASON_REMOVE' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), exitTimeoutMs);
    const exit = await this.exited;
    clearTimeout(timer);
    if (exit.code !== 0)
      throw this.error(
        `did not exit cleanly after REASON_REMOVE (code ${exit.code}, signal ${exit.signal})`,
      );
    return exit;
  }

  /** Throws (with the output) if the process died or the host refused a call. */
  assertHealthy(): void {
    if (this.fatal) throw this.error(`was stopped by the host: ${this.fatal}`);
    if (this.exitInfo && !this.expectedExit) throw this.error('exited unexpectedly');
  }

  /** An error naming this EA, with its journal and raw output. */
  error(what: string): Error {
    const journal = this.journal.map((l) => `  ${l.kind}: ${l.text}`).join('\n');
    return new Error(
      `${this.program}.${this.terminal.platform} on ${this.chart} ${what}` +
        (this.fatal ? `\nhost: ${this.fatal}` : '') +
        `\n--- journal ---\n${journal}\n--- output ---\n${this.rawOutput.slice(-8000)}`,
    );
  }

  // --- called by the host connection

  attachConnection(connection: EaConnection): void {
    this.connection = connection;
    this.helloDone();
  }

  detach(connection: EaConnection): void {
    if (this.connection === connection) this.connection = undefined;
  }

  onJournal(kind: string, text: string): void {
    const line = { kind, text };
    this.journal.push(line);
    const index = this.journal.length - 1;
    for (const w of [...this.waiters]) {
      if (index >= w.from && w.match(line)) {
        this.waiters.delete(w);
        w.resolve(line);
      }
    }
  }

  onHostFatal(text: string): void {
    this.fatal ??= text;
    this.failWaiters(`was stopped by the host`);
  }

  private onOutput(data: string): void {
    this.rawOutput += data;
  }

  private failWaiters(what: string): void {
    for (const w of this.waiters) w.reject(this.error(what));
    this.waiters.clear();
  }
}
