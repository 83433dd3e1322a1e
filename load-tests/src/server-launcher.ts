import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './clock.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = path.join(repoRoot, 'load-tests', 'results');
const mainFile = path.join(repoRoot, 'server', 'src', 'main.ts');

export type RunningServer = {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** SIGTERM (graceful: the CPU profile, if any, is written) and wait for the exit. */
  stop(): Promise<void>;
};

/** A port the OS just handed out and released, for a child process to bind. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await once(probe.close(), 'close');
  return port;
}

/**
 * The real server (server/src/main.ts, as `npm run dev` runs it through tsx) in a process of
 * its own, its log in results/logs/. Resolves when /healthz answers.
 */
export async function startServer(options: {
  name: string;
  env: Record<string, string>;
  /** Node flags, e.g. --max-old-space-size=1024 or --cpu-prof. */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = await freePort();
  const logDir = path.join(resultsDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${options.name}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', mainFile],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...options.env,
      },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited at start-up:\n${tail()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not start within 30 s:\n${tail()}`);
    }
    await sleep(100);
  }
  return {
    name: options.name,
    url,
    pid: child.pid ?? 0,
    child,
    logFile,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
