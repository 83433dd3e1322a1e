import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A tiny request/reply protocol over the IPC channel between the bench and its worker
 * processes (generator, EA fleets). Structured clone ("advanced" serialization) carries typed
 * arrays and maps without JSON.
 */
type Request = { id: number; command: string; args: unknown };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

// biome-ignore lint/suspicious/noExplicitAny: each worker declares its own command table
type Handlers = Record<string, (args: any) => unknown>;

export type Worker<H extends Handlers> = {
  pid: number;
  call<K extends keyof H & string>(
    command: K,
    args: Parameters<H[K]>[0],
  ): Promise<Awaited<ReturnType<H[K]>>>;
  /** Asks the worker to exit, and kills it if it has not after a few seconds. */
  stop(): Promise<void>;
  child: ChildProcess;
};

/** Answers the parent's requests with `handlers`; `exit` ends the process. */
export function serveParent(handlers: Handlers) {
  process.on('message', async (message: Request) => {
    const reply = (r: Reply) => process.send?.(r);
    if (message.command === 'exit') {
      reply({ id: message.id, ok: true, value: null });
      setTimeout(() => process.exit(0), 10);
      return;
    }
    try {
      const handler = handlers[message.command];
      if (!handler) throw new Error(`unknown command ${message.command}`);
      reply({ id: message.id, ok: true, value: await handler(message.args) });
    } catch (err) {
      reply({ id: message.id, ok: false, error: (err as Error).stack ?? String(err) });
    }
  });
  // Without a parent there is nobody to report to.
  process.on('disconnect', () => process.exit(0));
}

/** Starts `module` (a .ts file next to this one) as a worker process with tsx. */
export function startWorker<H extends Handlers>(
  module: string,
  options: { name: string; env?: Record<string, string>; execArgv?: string[] },
): Worker<H> {
  const file = fileURLToPath(new URL(module, import.meta.url));
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    serialization: 'advanced',
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  child.on('message', (reply: Reply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if (reply.ok) w.resolve(reply.value);
    else w.reject(new Error(`${options.name}: ${reply.error}`));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    for (const w of waiting.values()) {
      w.reject(new Error(`${options.name} exited (${signal ?? code}) before answering`));
    }
    waiting.clear();
  });
  const call = (command: string, args: unknown) =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || !child.connected) {
        reject(new Error(`${options.name} is not running`));
        return;
      }
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, command, args } satisfies Request);
    });
  return {
    pid: child.pid ?? 0,
    child,
    call: call as Worker<H>['call'],
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await call('exit', null).catch(() => undefined);
      await exited;
      clearTimeout(killer);
    },
  };
}
