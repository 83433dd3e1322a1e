import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './server-process.ts';

const redisServer = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export type PrivateRedis = {
  url: string;
  port: number;
  /** A plain connection for assertions (reconnects by itself across restarts). */
  client: Redis;
  /**
   * Stops Redis the way `docker compose restart` does (SIGTERM: Redis writes its AOF and
   * exits), keeps it down for `downMs`, and starts it again on the same port and directory.
   */
  restart(downMs: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * A redis-server of our own on a free port with AOF on, as in docker-compose.yml, for tests
 * that restart Redis. The machine's shared Redis (6379) is never touched: other tests use it.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'signalrelay-redis-'));
  let child: ChildProcess | undefined;
  let output = '';

  async function launch() {
    child = spawn(
      redisServer,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
      const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        // Loading the AOF answers LOADING errors until done.
        await probe.ping();
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        probe.disconnect();
      }
    }
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  await launch();
  const client = new Redis({ port, maxRetriesPerRequest: null });
  client.on('error', () => undefined);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    client,
    async restart(downMs) {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
    async close() {
      client.disconnect();
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
