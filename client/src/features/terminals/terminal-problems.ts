import type { TerminalView } from './use-terminals.ts';

/** A warning shown under a terminal, and where the troubleshooting page explains it. */
export type TerminalProblem = { key: string; title: string; detail: string; help: string };

const healthTitles: Record<string, { title: string; help: string }> = {
  AUTOTRADING_OFF: { title: 'AutoTrading is off', help: 'autotrading-off' },
  ACCOUNT_TRADING_OFF: {
    title: 'Trading is not allowed on this account',
    help: 'account-trading-off',
  },
  MARKET_CLOSED: { title: 'Market closed', help: 'market-closed' },
};

/**
 * What a trader must know about a terminal, most urgent first: a second copy of the EA that
 * was refused, an EA older than the current release, then the problems the EA reports (only
 * while it is connected: an offline EA's last report may no longer be true).
 */
export function terminalProblems(
  terminal: TerminalView,
  release: string,
  formatTime: (iso: string) => string,
) {
  const problems: TerminalProblem[] = [];
  if (terminal.refusal) {
    const { at, chart, holderChart } = terminal.refusal;
    problems.push({
      key: 'refusal',
      title: `A second EA for account ${terminal.account} was refused`,
      detail:
        `At ${formatTime(at)} the EA on ${chart} was turned away because the one on ` +
        `${holderChart} already trades this account, so no signal trades twice. Remove one of them.`,
      help: 'second-ea-refused',
    });
  }
  if (!terminal.connected) return problems;
  if (terminal.outdated) {
    problems.push({
      key: 'outdated',
      title: `EA ${terminal.eaVersion} is out of date`,
      detail: `Release ${release} is available with fixes: download it from the Downloads tab and compile it in MetaEditor.`,
      help: 'outdated-ea',
    });
  }
  for (const issue of terminal.health) {
    const known = healthTitles[issue.code];
    problems.push({
      key: `${issue.code}:${issue.symbol ?? ''}`,
      title: `${known?.title ?? issue.code}${issue.symbol ? `: ${issue.symbol}` : ''}`,
      detail: issue.message,
      help: known?.help ?? 'connection-problems',
    });
  }
  return problems;
}
