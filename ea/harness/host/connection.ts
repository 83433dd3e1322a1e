import type { Socket } from 'node:net';
import type { CallContext, HandlerTable, Reply, Session } from './calls/call.ts';
import { mt4Calls } from './calls/mt4-calls.ts';
import { mt5Calls } from './calls/mt5-calls.ts';
import { symbolCalls } from './calls/symbol-calls.ts';
import { terminalCalls } from './calls/terminal-calls.ts';
import type { EaProcess } from './ea-process.ts';
import type { Terminal } from './terminal.ts';

/**
 * One EA process's end of the host socket (ea/harness/README.md, "The terminal layer and the
 * host protocol"): newline-delimited JSON. The process calls (`{"id","call","args"}`) and
 * writes journal lines (`{"journal","text"}`); the host answers each call and pushes events
 * (tick, trade, deinit, config). The first call is `hello`, which binds the connection to the
 * EA process the terminal started (by pid) and returns the terminal's settings.
 */
const tables: Record<'mt4' | 'mt5', HandlerTable> = {
  mt4: { ...terminalCalls, ...symbolCalls, ...mt4Calls },
  mt5: { ...terminalCalls, ...symbolCalls, ...mt5Calls },
};

type Message = { id?: number; call?: string; args?: unknown[]; journal?: string; text?: string };

export class EaConnection {
  private buffer = '';
  private session: Session | undefined;
  private ea: EaProcess | undefined;

  constructor(
    private readonly terminal: Terminal,
    private readonly socket: Socket,
  ) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.ea?.detach(this));
  }

  /** The chart symbol of this EA, once it said hello. */
  get chart(): string | undefined {
    return this.session?.chart;
  }

  get platform(): 'mt4' | 'mt5' | undefined {
    return this.session?.platform;
  }

  send(message: Record<string, unknown>): void {
    if (!this.socket.destroyed) this.socket.write(`${JSON.stringify(message)}\n`);
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      if (line.trim() !== '') this.onLine(line);
    }
  }

  private onLine(line: string): void {
    let message: Message;
    try {
      message = JSON.parse(line) as Message;
    } catch {
      this.fail(undefined, `host: unreadable message ${JSON.stringify(line.slice(0, 200))}`);
      return;
    }
    if (typeof message.journal === 'string') {
      this.ea?.onJournal(message.journal, String(message.text ?? ''));
      return;
    }
    if (typeof message.id !== 'number' || typeof message.call !== 'string') {
      this.fail(
        message.id,
        `host: a message is neither a call nor a journal line: ${line.slice(0, 200)}`,
      );
      return;
    }
    try {
      const reply =
        message.call === 'hello'
          ? this.hello(message.args ?? [])
          : this.dispatch(message.call, message.args ?? []);
      this.send({ id: message.id, ...reply });
    } catch (err) {
      this.fail(message.id, err instanceof Error ? err.message : String(err));
    }
  }

  private hello(args: unknown[]): Reply {
    const hello = (args[0] ?? {}) as {
      program?: string;
      platform?: string;
      chart?: string;
      pid?: number;
    };
    const ea = this.terminal.processByPid(Number(hello.pid));
    if (!ea)
      throw new Error(`host: hello from pid ${hello.pid}, which this terminal did not start`);
    if (hello.platform !== this.terminal.platform)
      throw new Error(`host: a ${hello.platform} EA in a ${this.terminal.platform} terminal`);
    this.ea = ea;
    this.session = {
      program: String(hello.program),
      platform: this.terminal.platform,
      chart: String(hello.chart),
      chartId: ea.chartId,
      eaTradeAllowed: ea.eaTradeAllowed,
      historyDeals: [],
      historyOrders: [],
    };
    ea.attachConnection(this);
    return { ret: this.terminal.settings(ea) };
  }

  private dispatch(call: string, args: unknown[]): Reply {
    if (!this.session) throw new Error(`host: ${call} before hello`);
    const handler = tables[this.session.platform][call];
    if (!handler) throw new Error(`host: no ${call}`);
    const context: CallContext = {
      terminal: this.terminal,
      broker: this.terminal.broker,
      session: this.session,
    };
    return handler(context, args);
  }

  /** The EA stops at a fatal reply; the scenario sees why. */
  private fail(id: number | undefined, text: string): void {
    this.ea?.onHostFatal(text);
    this.send({ id: id ?? -1, fatal: text });
  }
}
