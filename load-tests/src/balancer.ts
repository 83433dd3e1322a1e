import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './clock.ts';
import { openFilesLimit } from './proc-stats.ts';
import { freePort, resultsDir } from './server-launcher.ts';

/**
 * A real load balancer in front of two server instances: HAProxy from the distribution
 * (Debian: `apt-get install -y haproxy`), loopback only, its configuration written by the
 * bench. It routes by path the way a deployment may pin traffic: webhooks to the intake
 * instance, everything else (EA WebSockets and polls, dashboards) to the other, so every
 * signal crosses instances through the bus as well as through the balancer.
 */
export type Balancer = { url: string; pid: number; stop(): Promise<void> };

/**
 * HAProxy's maxconn here. At maxconn it stops accepting, and senders that open a connection
 * whenever theirs are busy (TradingView's, the generator's) then pile up in its backlog until
 * replies take seconds: sized by the descriptors it may use (two per connection), not by the
 * expected load.
 */
export function balancerConnections(): number {
  return Math.floor(openFilesLimit().soft / 2) - 100;
}

function haproxyBinary(): string {
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy']).toString().trim();
  } catch {
    throw new Error(
      'HAProxy is not installed: the balanced scenario needs it (Debian: apt-get install -y haproxy)',
    );
  }
}

/** HAProxy's configuration: HTTP mode, WebSockets tunnelled, held polls outlive their hold. */
export function haproxyConfig(o: {
  port: number;
  intake: string;
  terminals: string;
  maxconn: number;
}): string {
  const hostPort = (url: string) => new URL(url).host;
  return `global
  maxconn ${o.maxconn}

defaults
  mode http
  option http-keep-alive
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 60s
  timeout tunnel 1h

frontend relay
  bind 127.0.0.1:${o.port}
  acl webhook path_beg /api/webhook/
  use_backend intake if webhook
  default_backend terminals

backend intake
  server intake ${hostPort(o.intake)}

backend terminals
  server terminals ${hostPort(o.terminals)}
`;
}

/**
 * Starts HAProxy in the foreground on a free loopback port; resolves when it answers
 * /healthz through to the terminals' instance. `connections`: how many client connections it
 * must hold at once (EAs, dashboards, the generator's).
 */
export async function startBalancer(o: {
  name: string;
  intake: string;
  terminals: string;
  connections: number;
}): Promise<Balancer> {
  const binary = haproxyBinary();
  const port = await freePort();
  const dir = path.join(resultsDir, 'logs');
  mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, `${o.name}.haproxy.cfg`);
  writeFileSync(
    configFile,
    haproxyConfig({ port, intake: o.intake, terminals: o.terminals, maxconn: o.connections }),
  );
  const logFile = path.join(dir, `${o.name}.haproxy.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`HAProxy exited at start-up:\n${readFileSync(logFile, 'utf8')}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not answer within 10 s:\n${readFileSync(logFile, 'utf8')}`);
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
