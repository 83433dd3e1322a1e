import { parseArgs } from 'node:util';

export const scenarios = [
  'steady',
  'burst',
  'connections',
  'longpoll',
  'instances',
  'history',
  'basket',
  'balanced',
  'floors',
  'intake',
] as const;
export type Scenario = (typeof scenarios)[number];

export type BenchArgs = {
  scenarios: Scenario[];
  eas?: number;
  rate?: number;
  duration?: number;
  count?: number;
  rounds?: number;
  pollEas?: number;
  concurrency?: number;
  connections?: number;
  pollShare?: number;
  dashboards?: number;
  rows?: number;
  /**
   * floors: also measure the durable floor with heartbeats doing this many ms of CPU work per
   * alert (the CPU a real relay spends beyond the floor), to see what that much CPU does to
   * the tail on this machine whatever the code.
   */
  floorWork?: number;
  floor: boolean;
  profile: boolean;
  logLevel: string;
  /** Longest wait for a quiet machine before each measured phase, in seconds. */
  quietTimeout: number;
  /** Scheduling priority of the processes under test (negative: ahead of other work). */
  nice: number;
  /** Node and V8 flags for every SignalRelay server process (heap experiments). */
  serverNodeArgs: string[];
};

export const usage = `npm run bench -- --scenario <name> [options]

  --scenario     ${scenarios.join(' | ')} | all (default steady)
  --eas N        EAs to connect (steady 1000, burst 16, longpoll 1000, instances 1000,
                 balanced 1000; connections: WebSocket EAs, 10000)
  --rate R       alerts per second (steady 500, longpoll 200, instances 500, balanced 500,
                 intake 500; burst: as fast as possible)
  --duration S   seconds of alerts at --rate (steady 30, longpoll 20, instances 20,
                 balanced 10 per run)
  --count N      alerts in the burst (10000); in basket, alerts per round on one license (50);
                 in intake, alerts sent one at a time (5000)
  --rounds N     basket rounds per EA (10); intake's bursts of 50 (40)
  --poll-eas N   connections: long-poll EAs held beside the WebSockets (2000)
  --concurrency  connections the burst keeps busy (64)
  --connections N  most webhook connections open at once, as a reverse proxy's pool (default:
                 no limit, a new connection whenever all are busy; see RESULTS.md, 3,000/s)
  --poll-share   share of EAs on long-poll, 0..1 (steady/instances/balanced 0.1, longpoll 1)
  --dashboards N dashboards on the live channel, for the result round trip (100)
  --rows N       history rows to seed (100000)
  --no-floor     skip the floor measurement
  --floor-work MS  floors: also run the durable floor with heartbeats spending MS ms of CPU
                 on each alert before storing it (e.g. the server's CPU per signal less the
                 floor's): the tail that much work gives on this machine, whatever the code
  --profile      write a CPU profile of each server process to results/profiles/
  --log-level L  server LOG_LEVEL (info, as in production)
  --quiet-timeout S  longest wait for other processes to calm down before measuring (180)
  --nice N       run the server(s), generator, EA fleets, floor and the bench database's
                 Postgres backends at this priority (e.g. --nice=-10 on a machine shared with
                 other work; needs root; default 0)
  --server-node-args="F …"  Node or V8 flags for each server process, e.g.
                 --server-node-args="--max-semi-space-size=32" (the "=" form: flags start with
                 dashes); the run's header shows them`;

/** Space-separated flags, each one starting with "--", as `node` takes them before the script. */
function nodeFlags(value: string): string[] {
  const flags = value.split(/\s+/).filter(Boolean);
  const wrong = flags.find((flag) => !flag.startsWith('--'));
  if (wrong !== undefined) {
    throw new Error(`--server-node-args takes Node flags starting with "--", not "${wrong}"`);
  }
  return flags;
}

const number = (value: string | undefined, name: string) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`--${name} must be a number ≥ 0, not "${value}"`);
  return n;
};

function niceValue(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < -20 || n > 19) {
    throw new Error(`--nice must be an integer from -20 to 19, not "${value}"`);
  }
  return n;
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: 'string', default: 'steady' },
      eas: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      count: { type: 'string' },
      rounds: { type: 'string' },
      'poll-eas': { type: 'string' },
      concurrency: { type: 'string' },
      connections: { type: 'string' },
      'poll-share': { type: 'string' },
      dashboards: { type: 'string' },
      rows: { type: 'string' },
      'floor-work': { type: 'string' },
      'no-floor': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'log-level': { type: 'string', default: 'info' },
      'quiet-timeout': { type: 'string', default: '180' },
      nice: { type: 'string', default: '0' },
      'server-node-args': { type: 'string', default: '' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const wanted = values.scenario.split(',').map((s) => s.trim());
  const chosen = wanted.includes('all') ? [...scenarios] : wanted;
  for (const s of chosen) {
    if (!(scenarios as readonly string[]).includes(s)) {
      throw new Error(`unknown scenario "${s}": choose ${scenarios.join(', ')} or all`);
    }
  }
  const pollShare = number(values['poll-share'], 'poll-share');
  if (pollShare !== undefined && pollShare > 1)
    throw new Error('--poll-share must be between 0 and 1');
  return {
    scenarios: chosen as Scenario[],
    eas: number(values.eas, 'eas'),
    rate: number(values.rate, 'rate'),
    duration: number(values.duration, 'duration'),
    count: number(values.count, 'count'),
    rounds: number(values.rounds, 'rounds'),
    pollEas: number(values['poll-eas'], 'poll-eas'),
    concurrency: number(values.concurrency, 'concurrency'),
    connections: number(values.connections, 'connections'),
    pollShare,
    dashboards: number(values.dashboards, 'dashboards'),
    rows: number(values.rows, 'rows'),
    floorWork: number(values['floor-work'], 'floor-work'),
    floor: !values['no-floor'],
    profile: values.profile,
    logLevel: values['log-level'],
    quietTimeout: number(values['quiet-timeout'], 'quiet-timeout') ?? 180,
    nice: niceValue(values.nice),
    serverNodeArgs: nodeFlags(values['server-node-args']),
  };
}
