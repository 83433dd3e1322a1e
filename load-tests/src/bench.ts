import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { basketScenario } from './basket-scenario.ts';
import { parseBenchArgs, type Scenario, usage } from './bench-args.ts';
import { adminDatabaseUrl, redactUrl, redisUrl } from './bench-services.ts';
import { connectionsScenario } from './connections-scenario.ts';
import { floorsScenario } from './floors-scenario.ts';
import { historyScenario } from './history-scenario.ts';
import { intakeScenario } from './intake-scenario.ts';
import { relayScenario } from './relay-scenarios.ts';
import { heading } from './report.ts';
import { repoRoot, resultsDir } from './server-launcher.ts';

/**
 * `npm run bench -- --scenario <name>`: runs the scenarios of issue 10 against the real server
 * (a separate process on Postgres and Redis), prints a table per scenario and writes the
 * figures as JSON to load-tests/results/.
 */
/** The commit the server ran from, marked when the working tree had changes. */
function revision(): string {
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repoRoot }).toString().trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--', 'server', 'bridge')
      ? `${head} + uncommitted changes`
      : head;
  } catch {
    return 'unknown';
  }
}

async function main() {
  let args: ReturnType<typeof parseBenchArgs>;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  const startedAt = new Date();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    database: redactUrl(adminDatabaseUrl),
    redis: redactUrl(redisUrl),
    revision: revision(),
  };
  console.log(
    `SignalRelay bench · ${startedAt.toISOString()} · ${machine.cpus} × ${machine.cpuModel} · Node ${machine.node} · ${machine.revision}`,
  );
  // A run with flags of its own is not comparable with one without: say so at the top.
  if (args.serverNodeArgs.length > 0) {
    console.log(`server processes run with: node ${args.serverNodeArgs.join(' ')}`);
  }
  const results: Record<string, unknown> = {};
  let missed = 0;
  let failed = 0;
  for (const scenario of args.scenarios) {
    console.log(heading(scenario));
    try {
      const outcome = await runScenario(scenario, args);
      console.log(outcome.text);
      // Written when the server exits, after the scenario's clean-up.
      if ('after' in outcome && args.profile) console.log(outcome.after());
      missed += outcome.checks.filter((c) => !c.ok).length;
      results[scenario] = { ...outcome.json, checks: outcome.checks };
    } catch (err) {
      failed++;
      const cause = (err as Error).cause ? `\ncaused by: ${String((err as Error).cause)}` : '';
      console.log(`FAILED: ${(err as Error).stack ?? err}${cause}`);
      results[scenario] = { error: `${String((err as Error).message ?? err)}${cause}` };
    }
  }
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `bench-${args.scenarios.join('+')}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
  );
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
  writeFileSync(
    file,
    `${JSON.stringify({ startedAt, command, machine, args, results }, null, 2)}\n`,
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  if (failed > 0) process.exitCode = 1;
  else if (missed > 0) console.log(`${missed} target(s) missed`);
}

async function runScenario(scenario: Scenario, args: ReturnType<typeof parseBenchArgs>) {
  switch (scenario) {
    case 'steady':
    case 'burst':
    case 'longpoll':
    case 'instances':
    case 'balanced':
      return relayScenario(scenario, args);
    case 'history':
      return historyScenario(args);
    case 'connections':
      return connectionsScenario(args);
    case 'basket':
      return basketScenario(args);
    case 'floors':
      return floorsScenario(args);
    case 'intake':
      return intakeScenario(args);
    default:
      throw new Error(`${scenario}: not implemented yet`);
  }
}

await main();
