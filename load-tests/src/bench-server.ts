import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchArgs } from './bench-args.ts';
import {
  type BenchDatabase,
  type BenchUser,
  checkRedis,
  cleanRedis,
  createBenchDatabase,
  createUsers,
  redisUrl,
} from './bench-services.ts';
import {
  formatProfile,
  mainThreadProfile,
  type ProfileWindow,
  summarizeProfile,
} from './profile-summary.ts';
import { type RunningServer, resultsDir, startServer } from './server-launcher.ts';

/** A scenario's clean-up steps, in the order they were taken: `undoAll` runs them in reverse. */
export type Undo = (() => Promise<unknown>)[];

/** Runs a scenario's clean-up (its `finally`), logging the steps that fail rather than throwing. */
export async function undoAll(undo: Undo, log: (message: string) => void): Promise<void> {
  for (const step of undo.reverse()) {
    await step().catch((err) => log(`clean-up: ${(err as Error).message}`));
  }
}

/**
 * What a bench server runs on: a fresh bench database with `users` pro accounts, Redis
 * (checked), and a DATA_DIR of its own; `env` is the server's environment for them. Every step
 * is added to `undo`.
 */
export async function prepareBench(o: { users: number; logLevel: string; undo: Undo }) {
  await checkRedis();
  const db = await createBenchDatabase();
  o.undo.push(() => db.drop());
  const users = await createUsers(db, o.users);
  o.undo.push(() => cleanRedis(users.map((u) => u.id)));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sr-bench-'));
  o.undo.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: o.logLevel,
    DATA_DIR: dataDir,
  };
  return { db, users, env };
}

/**
 * One server process on a fresh bench database with `users` pro accounts, for the scenarios
 * that run a single instance of their own. Every step it takes is undone, in reverse, by
 * whoever runs `undo` (the scenario's `finally`).
 */
export async function startBenchServer(o: {
  name: string;
  users: number;
  args: BenchArgs;
  undo: Undo;
  nodeArgs?: string[];
}): Promise<{
  db: BenchDatabase;
  users: BenchUser[];
  server: RunningServer;
  /**
   * The server's CPU profile summary once it has exited ('' without `--profile`), cut to
   * `window` when given.
   */
  profileText: (window?: ProfileWindow) => string;
}> {
  const { db, users, env } = await prepareBench({
    users: o.users,
    logLevel: o.args.logLevel,
    undo: o.undo,
  });
  const profileDir = path.join(resultsDir, 'profiles', o.name);
  rmSync(profileDir, { recursive: true, force: true });
  const server = await startServer({
    name: o.name,
    env,
    nodeArgs: [
      ...o.args.serverNodeArgs,
      ...(o.nodeArgs ?? []),
      ...(o.args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
  });
  o.undo.push(() => server.stop());
  return {
    db,
    users,
    server,
    profileText(window) {
      const file = o.args.profile ? mainThreadProfile(profileDir) : null;
      if (!file) return '';
      return `CPU profile: ${file}\n${formatProfile(summarizeProfile(file, 15, window), window)}`;
    },
  };
}
