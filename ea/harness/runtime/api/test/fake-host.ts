import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

/**
 * The other end of the terminal layer's host socket for its own tests: answers `hello` with the
 * given terminal settings and each call with a handler (a call without one gets the host's
 * "fatal" answer), records calls and journal lines, and sends events. Speaks the protocol of
 * ea/harness/README.md ("The terminal layer and the host protocol").
 */
export type Reply = { ret: unknown; err?: number; out?: Record<string, unknown> };
export type Handlers = Record<string, (args: unknown[]) => Reply>;

const harness = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Compiles probe.cpp (MT5) or probe4.cpp (MT4) against the runtime `npm run build:mql` built,
 * into a folder of its own (test files run in parallel); the caller removes it.
 */
export function buildProbe(platform: 'mt4' | 'mt5' = 'mt5'): string {
  const library = path.join(harness, 'build', 'cmake', `libmql_${platform}.a`);
  const probeSource = fileURLToPath(
    new URL(platform === 'mt5' ? './probe.cpp' : './probe4.cpp', import.meta.url),
  );
  if (!existsSync(library))
    throw new Error(`${library} does not exist: run npm run build:mql to build the runtime first`);
  const binary = path.join(mkdtempSync(path.join(tmpdir(), 'sr-probe-')), 'probe');
  execFileSync('g++', [
    '-std=c++20',
    platform === 'mt5' ? '-D__MQL5__' : '-D__MQL4__',
    `-I${path.join(harness, 'runtime')}`,
    `-I${path.join(harness, 'build', 'gen', 'runtime')}`,
    probeSource,
    library,
    '-lssl',
    '-lcrypto',
    '-o',
    binary,
  ]);
  return binary;
}

export class ProbeRun {
  readonly journal: { kind: string; text: string }[] = [];
  readonly calls: { call: string; args: unknown[] }[] = [];
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  socket: Socket | undefined;
  done = false;
  private waiters: (() => void)[] = [];

  constructor(readonly child: ChildProcess) {
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      this.output += d;
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      this.output += d;
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.done = true;
        this.changed();
        resolve({ code, signal });
      }),
    );
  }

  texts(): string[] {
    return this.journal.map((l) => l.text);
  }

  changed(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first journal line matching `pattern` (fails with the journal after `timeoutMs`). */
  async line(pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.texts().find((t) => pattern.test(t));
      if (found) return found;
      if (this.done || Date.now() > deadline)
        throw new Error(
          `no journal line /${pattern.source}/:\n${this.texts().join('\n')}\n${this.output}`,
        );
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  send(event: Record<string, unknown>): void {
    this.socket?.write(`${JSON.stringify(event)}\n`);
  }
}

export class FakeHost {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'sr-runtime-'));
  readonly filesDir = path.join(this.dir, 'MQL5', 'Files');
  readonly commonDir = path.join(this.dir, 'Common', 'Files');
  readonly socketPath = path.join(this.dir, 'host.sock');
  settings: Record<string, unknown>;
  handlers: Handlers = {};
  private server: Server;
  private runs = new Map<number, ProbeRun>();

  constructor(
    private readonly binary: string,
    settings: Record<string, unknown> = {},
  ) {
    mkdirSync(this.filesDir, { recursive: true });
    mkdirSync(this.commonDir, { recursive: true });
    this.settings = {
      filesDir: this.filesDir,
      commonDir: this.commonDir,
      chartId: 42,
      ...settings,
    };
    this.server = createServer((socket) => this.connection(socket));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.socketPath, resolve));
    return this;
  }

  /** Starts the probe with `inputs` on a chart of `chart`. */
  run(inputs: Record<string, string | number>, chart = 'EURUSD'): ProbeRun {
    const args = ['--host', this.socketPath, '--chart', chart];
    for (const [k, v] of Object.entries(inputs)) args.push('--input', `${k}=${v}`);
    const run = new ProbeRun(spawn(this.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    this.runs.set(run.child.pid!, run);
    return run;
  }

  async close(): Promise<void> {
    for (const run of this.runs.values()) run.child.kill('SIGKILL');
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private connection(socket: Socket): void {
    let buffer = '';
    let run: ProbeRun | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const m = JSON.parse(buffer.slice(0, end)) as Record<string, unknown>;
        buffer = buffer.slice(end + 1);
        if (m.call === 'hello') {
          const hello = (m.args as Record<string, unknown>[])[0]!;
          run = this.runs.get(Number(hello.pid));
          if (run) run.socket = socket;
          socket.write(`${JSON.stringify({ id: m.id, ret: this.settings })}\n`);
        } else if (typeof m.journal === 'string') {
          run?.journal.push({ kind: m.journal, text: String(m.text) });
        } else {
          const args = m.args as unknown[];
          run?.calls.push({ call: String(m.call), args });
          const handler = this.handlers[String(m.call)];
          const reply = handler ? handler(args) : { fatal: `host: no ${m.call}` };
          socket.write(`${JSON.stringify({ id: m.id, ...reply })}\n`);
        }
        run?.changed();
      }
    });
    socket.on('error', () => socket.destroy());
  }
}

/**
 * The hooks of a test file that runs the probe against one fake host: the probe is built and the
 * host started before the file's tests (compiling takes a while), both removed after them. The
 * returned function reads the host, which exists once the hooks have run.
 */
export function probeHostForFile(platform: 'mt4' | 'mt5' = 'mt5'): () => FakeHost {
  let binary: string | undefined;
  let host: FakeHost | undefined;
  beforeAll(async () => {
    binary = buildProbe(platform);
    host = await new FakeHost(binary).start();
  }, 120_000);
  afterAll(async () => {
    await host?.close();
    if (binary) rmSync(path.dirname(binary), { recursive: true, force: true });
  });
  return () => {
    if (!host) throw new Error('the probe host is not started (beforeAll failed)');
    return host;
  };
}
