import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, setPriority } from 'node:os';
import { sleep } from './clock.ts';

/**
 * CPU and memory of the processes under test, read from /proc (Linux) while a scenario runs:
 * the server's cost per signal, and proof that the generator and EA processes were not the
 * bottleneck.
 */
export type ProcessUsage = {
  name: string;
  pid: number;
  /** Average over the window, in % of one core (200 % = both cores of this machine). */
  cpuPercent: number;
  /** CPU milliseconds spent in the window, and how they split into user and system time. */
  cpuMs: number;
  userMs: number;
  systemMs: number;
  rssMb: number;
  peakRssMb: number;
  /** read/write system calls in the window (/proc/<pid>/io): cost that CPU contention cannot blur. */
  syscalls: { reads: number; writes: number };
};

export type MachineUsage = {
  /** Busy share of all cores. */
  cpuPercent: number;
  cores: number;
  /** CPU used by processes outside the bench (other work on a shared machine), % of one core. */
  othersPercent: number;
};

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU ticks (user, system) of one process and when it started (ticks since boot). */
function cpuTicks(pid: number): { user: number; system: number; startedAt: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]), system: Number(fields[12]), startedAt: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** Now, in clock ticks since boot (the unit of a process's start time). */
function ticksSinceBoot(): number {
  return Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * clockTicks;
}

/** read and write system calls so far (sockets included), or zeros once the process is gone. */
function ioCalls(pid: number): { reads: number; writes: number } {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return {
      reads: Number(/syscr:\s+(\d+)/.exec(io)?.[1] ?? 0),
      writes: Number(/syscw:\s+(\d+)/.exec(io)?.[1] ?? 0),
    };
  } catch {
    return { reads: 0, writes: 0 };
  }
}

/** Resident memory in MiB. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Pids of processes whose command name is `comm` and, if given, whose command line contains
 * `cmdline` (a Postgres backend's shows its database: `postgres: … sr_bench_… idle`).
 */
export function pidsOf(comm: string, cmdline?: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== comm) continue;
      if (cmdline && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(cmdline)) continue;
      pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

/**
 * Runs `pids` at `nice` (negative = ahead of other work on a shared machine; needs root). Linux
 * keeps a nice value per thread: every thread of each process is set, not only its main one,
 * or V8's garbage-collector helpers stay behind the other work while the main thread waits
 * for them (the likely cause of the event-loop lag p99 of 0.9 s seen on 2026-11-27 with
 * `--nice=-15`, the server at a quarter of a core and its main thread in futex waits).
 */
export function prioritize(pids: number[], nice: number): void {
  if (nice === 0) return;
  for (const pid of pids) {
    try {
      for (const thread of readdirSync(`/proc/${pid}/task`)) setPriority(Number(thread), nice);
    } catch {
      // gone, or not allowed: the run goes on at normal priority
    }
  }
}

/** Fixed pids, or a function that finds them again at every sample (pools open backends). */
export type Targets = Record<string, number[] | (() => number[])>;

/**
 * Starts measuring the named processes (a name may stand for several pids, e.g. the bench
 * database's Postgres backends); `stop()` returns each one's CPU over the window and its
 * memory peak. A process that appears mid-window counts from its start.
 */
export function watchProcesses(targets: Targets) {
  const startedAt = performance.now();
  const windowStart = ticksSinceBoot();
  const startMachine = machineTicks();
  type Counters = { user: number; system: number; reads: number; writes: number };
  const zero: Counters = { user: 0, system: 0, reads: 0, writes: 0 };
  const pidsFor = (t: number[] | (() => number[])) => (typeof t === 'function' ? t() : t);
  const first = new Map<number, Counters>();
  const latest = new Map<number, Counters>();
  const members = new Map<string, Set<number>>(Object.keys(targets).map((n) => [n, new Set()]));
  const peak = new Map<string, number>();
  const last = new Map<string, number>();
  const sample = () => {
    for (const [name, t] of Object.entries(targets)) {
      let rss = 0;
      for (const pid of pidsFor(t)) {
        const cpu = cpuTicks(pid);
        if (!cpu) continue;
        const c = { user: cpu.user, system: cpu.system, ...ioCalls(pid) };
        if (!first.has(pid)) first.set(pid, cpu.startedAt >= windowStart ? zero : c);
        latest.set(pid, c);
        members.get(name)!.add(pid);
        rss += rssMb(pid);
      }
      last.set(name, rss);
      peak.set(name, Math.max(peak.get(name) ?? 0, rss));
    }
  };
  sample();
  const timer = setInterval(sample, 500);
  timer.unref();

  return {
    stop(): { processes: ProcessUsage[]; machine: MachineUsage } {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - startedAt) / 1000;
      const endMachine = machineTicks();
      const processes = Object.keys(targets).map((name) => {
        const delta = { user: 0, system: 0, reads: 0, writes: 0 };
        const pids = [...members.get(name)!];
        for (const pid of pids) {
          const a = first.get(pid)!;
          const b = latest.get(pid)!;
          delta.user += b.user - a.user;
          delta.system += b.system - a.system;
          delta.reads += b.reads - a.reads;
          delta.writes += b.writes - a.writes;
        }
        const toMs = (ticks: number) => (ticks / clockTicks) * 1000;
        const cpuMs = toMs(delta.user + delta.system);
        return {
          name,
          pid: pids[0] ?? 0,
          cpuPercent: Math.round((cpuMs / 10 / seconds) * 10) / 10,
          cpuMs: Math.round(cpuMs),
          userMs: Math.round(toMs(delta.user)),
          systemMs: Math.round(toMs(delta.system)),
          rssMb: Math.round((last.get(name) ?? 0) * 10) / 10,
          peakRssMb: Math.round((peak.get(name) ?? 0) * 10) / 10,
          syscalls: { reads: delta.reads, writes: delta.writes },
        };
      });
      const busy = endMachine.busy - startMachine.busy;
      const total = endMachine.total - startMachine.total;
      const cores = cpus().length;
      const busyOfOneCore = total > 0 ? (busy / total) * 100 * cores : 0;
      const ours = processes.reduce((n, p) => n + p.cpuPercent, 0);
      return {
        processes,
        machine: {
          cpuPercent: total > 0 ? Math.round((busy / total) * 1000) / 10 : 0,
          cores,
          othersPercent: Math.max(0, Math.round(busyOfOneCore - ours)),
        },
      };
    },
  };
}

/**
 * Waits (up to `timeoutMs`) until processes outside the bench use less than `maxPercent` of
 * one core over a second, so that a shared machine's other work (a test run, a compiler)
 * does not land in the figures. Returns what they used when measuring started.
 */
export async function waitForQuiet(
  ours: Targets,
  {
    maxPercent = 25,
    timeoutMs = 180_000,
    log = (_: string): void => undefined,
  }: { maxPercent?: number; timeoutMs?: number; log?: (message: string) => void } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let warned = false;
  for (;;) {
    const watch = watchProcesses(ours);
    await sleep(1000);
    const others = watch.stop().machine.othersPercent;
    if (others <= maxPercent || Date.now() > deadline) return others;
    if (!warned) log(`other processes use ${others} % of a core; waiting for a quieter machine`);
    warned = true;
    await sleep(2000);
  }
}

/**
 * This process's limit on open files (`ulimit -n`), which the server and fleet processes it
 * starts inherit: soft (what applies) and hard (how far `ulimit -Sn` may raise it). `npm run
 * bench` raises the soft limit to the hard one before starting.
 */
export function openFilesLimit(): { soft: number; hard: number } {
  const line = /^Max open files\s+(\S+)\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
  const value = (v: string | undefined) =>
    v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v);
  return { soft: value(line?.[1]), hard: value(line?.[2]) };
}
