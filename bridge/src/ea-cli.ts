import { parseArgs } from 'node:util';
import { type Platform, terminalIdentitySchema } from '@signalrelay/contracts/ea-protocol';
import {
  describeFatal,
  describeResult,
  describeSignal,
  line,
  maskLicense,
} from './ea-cli-format.ts';
import { createEaClient, type EaClient } from './ea-client.ts';
import { createRuleKeeper } from './paper-rules.ts';
import { createPaperTerminal } from './paper-terminal.ts';

export const usage = `signalrelay-ea: a reference EA with a paper terminal. It connects to a SignalRelay
server like the MetaTrader EA does, "trades" every signal on simulated prices and prints each
signal and its result, so you can watch the whole flow without MetaTrader.

Usage: npx signalrelay-ea --license <number> [options]

  --server <url>         server origin (default http://localhost:3000)
  --license <number>     your license number (or set SIGNALRELAY_LICENSE)
  --transport ws|poll    WebSocket, or HTTP long-poll as MT4 uses (default: ws; poll for mt4)
  --platform mt5|mt4     the platform this terminal reports (default mt5)
  --account <digits>     trading account number (default 10001234)
  --broker <name>        trade server name (default Paper-Demo)
  --balance <amount>     starting balance in USD (default 10000)
  --suffix <text>        broker symbol suffix, e.g. .m (EURUSD → EURUSD.m)
  --prefix <text>        broker symbol prefix
  --seed <n>             seed of the simulated prices (default 1)
  --results-on-poll      long-poll: report results with the next poll, as a single-threaded EA
  --dedupe-file <path>   remember executed signal ids in this file across restarts
  --help                 show this help
`;

export interface CliSettings {
  server: string;
  license: string;
  transport: 'ws' | 'poll';
  platform: Platform;
  account: string;
  broker: string;
  balance: number;
  suffix?: string;
  prefix?: string;
  seed: number;
  resultsOnPoll: boolean;
  dedupeFile?: string;
}

/** Parses the command line; throws an Error whose message is meant for the user. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliSettings | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      server: { type: 'string', default: 'http://localhost:3000' },
      license: { type: 'string' },
      transport: { type: 'string' },
      platform: { type: 'string', default: 'mt5' },
      account: { type: 'string', default: '10001234' },
      broker: { type: 'string', default: 'Paper-Demo' },
      balance: { type: 'string', default: '10000' },
      suffix: { type: 'string' },
      prefix: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'results-on-poll': { type: 'boolean', default: false },
      'dedupe-file': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  const license = values.license ?? env.SIGNALRELAY_LICENSE;
  if (!license) throw new Error('--license is required (or set SIGNALRELAY_LICENSE).');
  if (!/^https?:\/\/[^/]+/.test(values.server)) {
    throw new Error(
      `--server must be an http(s) origin such as https://relay.example.com, not "${values.server}".`,
    );
  }
  const identity = terminalIdentitySchema.safeParse({
    licenseNumber: license,
    platform: values.platform,
    account: values.account,
    broker: values.broker,
  });
  if (!identity.success) {
    const issue = identity.error.issues[0]!;
    const flag = { licenseNumber: 'license' }[String(issue.path[0])] ?? String(issue.path[0]);
    throw new Error(`--${flag}: ${issue.message}`);
  }
  const transport = values.transport ?? (identity.data.platform === 'mt4' ? 'poll' : 'ws');
  if (transport !== 'ws' && transport !== 'poll') {
    throw new Error(`--transport must be ws or poll, not "${transport}".`);
  }
  const number = (flag: string, text: string) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0)
      throw new Error(`--${flag} must be a number ≥ 0, not "${text}".`);
    return value;
  };
  return {
    server: values.server.replace(/\/$/, ''),
    license: identity.data.licenseNumber,
    transport,
    platform: identity.data.platform,
    account: identity.data.account,
    broker: identity.data.broker,
    balance: number('balance', values.balance),
    suffix: values.suffix,
    prefix: values.prefix,
    seed: number('seed', values.seed),
    resultsOnPoll: values['results-on-poll'],
    dedupeFile: values['dedupe-file'],
  };
}

/** Runs the EA until Ctrl+C (exit 0) or a fatal error such as a wrong license (exit 1). */
export function runCli(settings: CliSettings, print: (text: string) => void): Promise<number> {
  const terminal = createPaperTerminal({
    balance: settings.balance,
    seed: settings.seed,
    suffix: settings.suffix,
    prefix: settings.prefix,
  });
  const say = (event: string, text: string) => print(line(Date.now(), event, text));
  let client: EaClient;
  // The account rules the server sends (protocol v3) hold here as in the MQL EAs: max lot,
  // open positions and the daily loss, re-checked every second as a terminal does on its ticks.
  const keeper = createRuleKeeper(terminal, {
    onHealth: (issues) => client.reportHealth(issues),
  });
  const ticks = setInterval(() => keeper.watch(), 1000);

  return new Promise((resolve) => {
    const finish = async (code: number) => {
      process.off('SIGINT', interrupt);
      process.off('SIGTERM', interrupt);
      clearInterval(ticks);
      await client.stop();
      const c = client.counters;
      say(
        'stopped',
        `${c.signals} signals, ${c.executed} executed, ${c.duplicates} repeats, ${c.expired} expired; ` +
          `balance ${terminal.balance.toFixed(2)} ${terminal.currency}, ${terminal.openPositions().length} open positions`,
      );
      resolve(code);
    };
    const interrupt = () => void finish(0);

    client = createEaClient({
      server: settings.server,
      transport: settings.transport,
      licenseNumber: settings.license,
      platform: settings.platform,
      account: settings.account,
      broker: settings.broker,
      resultsOnPoll: settings.resultsOnPoll,
      dedupe: { file: settings.dedupeFile },
      execute: keeper.guard(terminal.execute),
      onRules: ({ rules }) => {
        keeper.set(rules);
        say('rules', JSON.stringify(rules));
      },
      onConnected: ({ heartbeatMs, serverTime }) =>
        say(
          'connected',
          `heartbeat ${heartbeatMs} ms, server clock ${signed(serverTime - Date.now())} ms`,
        ),
      onDisconnected: (reason) =>
        say('disconnected', client.state === 'stopped' ? reason : `${reason}; reconnecting`),
      onSignal: (signal, arrival) => say('signal', describeSignal(signal, arrival)),
      onResult: (result, { duplicate }) => say('result', describeResult(result, duplicate)),
      onProblem: (message) => say('problem', message),
      onFatal: (error) => {
        say('fatal', describeFatal(error));
        void finish(1);
      },
    });
    process.on('SIGINT', interrupt);
    process.on('SIGTERM', interrupt);
    say(
      'start',
      `${settings.transport === 'ws' ? 'WebSocket' : 'long-poll'} to ${settings.server} as ` +
        `${settings.platform} account ${settings.account} at ${settings.broker}, license ${maskLicense(settings.license)}, ` +
        `paper balance ${settings.balance.toFixed(2)} USD` +
        (settings.transport === 'poll' ? ' (connected shows once the first poll returns)' : ''),
    );
    client.start();
  });
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/** The `signalrelay-ea` entry point. */
export async function main(argv: string[]): Promise<number> {
  let settings: CliSettings | 'help';
  try {
    settings = parseCli(argv, process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (settings === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  return runCli(settings, (text) => process.stdout.write(`${text}\n`));
}
