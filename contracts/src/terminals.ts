/** `GET /api/terminals`: one MetaTrader terminal as the dashboard lists it. */
export type TerminalView = {
  id: string;
  platform: 'mt4' | 'mt5';
  account: string;
  broker: string;
  eaVersion: string | null;
  terminalBuild: number | null;
  transport: 'ws' | 'poll' | null;
  connected: boolean;
  lastSeenAt: string;
  /** What the EA last reported as stopping or threatening its trading; empty = all well. */
  health: TerminalHealthIssue[];
  healthAt: string | null;
  /** A copy of the EA refused within the last day because another one trades the account. */
  refusal: { at: string; chart: string; holderChart: string } | null;
  /** Its EA reports a version older than the current release. */
  outdated: boolean;
};

/** One problem an EA reports about its terminal (protocol v2 `health`). */
export type TerminalHealthIssue = { code: string; message: string; symbol?: string };

/** Platforms recent alerts target with no EA connected; `any`: alerts for every platform. */
export type UnservedPlatform = 'mt4' | 'mt5' | 'any';

/** `GET /api/terminals`: the list, the current EA release (e.g. "1.1.0"), unserved platforms. */
export type TerminalsReply = {
  terminals: TerminalView[];
  release: string;
  unserved: UnservedPlatform[];
};
