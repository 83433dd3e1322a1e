import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './clock.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = path.join(repoRoot, 'load-tests', 'results');
const serverDir = path.join(repoRoot, 'server');
const mainFile = path.join(serverDir, 'dist', 'main.js');

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

let built = false;

/**
 * The server as `npm start` runs it: the bundle (server/dist), built from the sources once per
 * bench run so that it is never older than them. Not the sources through tsx, as the bench
 * ran it until 2026-11-28: tsx's transform names every function it creates (`__name`, a
 * property definition per closure made: 0.6 % of the server's samples in a `steady` profile),
 * which production does not pay.
 */
function buildServer() {
  if (built) return;
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(
      `the server's build (npm run build -w server) failed:\n${build.stdout}${build.stderr}`,
    );
  }
  built = true;
}

/**
 * The real server in a process of its own, its log in results/logs/. Resolves when /healthz
 * answers.
 */
export async function startServer(options: {
  name: string;
  env: Record<string, string>;
  /** Node flags, e.g. --max-old-space-size=1024 or --cpu-prof. */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  buildServer();
  const port = await freePort();
  const logDir = path.join(resultsDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${options.name}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), mainFile], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
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
