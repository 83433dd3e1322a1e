import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/badge.tsx';
import { Card, CardHeader } from '../../components/card.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { formatTimestamp } from '../../components/trading/format.ts';
import { cn } from '../../lib/cn.ts';
import { terminalProblems } from './terminal-problems.ts';
import { type TerminalView, type UnservedPlatform, useTerminals } from './use-terminals.ts';

const transportNames = { ws: 'WebSocket', poll: 'HTTPS long-poll' } as const;

function TerminalRow({ terminal, release }: { terminal: TerminalView; release: string }) {
  const problems = terminalProblems(terminal, release, formatTimestamp);
  const facts = [
    terminal.eaVersion ? `EA ${terminal.eaVersion}` : null,
    terminal.transport ? transportNames[terminal.transport] : null,
    terminal.connected ? 'online now' : `last seen ${formatTimestamp(terminal.lastSeenAt)}`,
  ].filter(Boolean);
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          role="img"
          aria-label={terminal.connected ? 'connected' : 'not connected'}
          className={cn(
            'size-2.5 shrink-0 rounded-full',
            terminal.connected ? 'bg-green-600' : 'bg-slate-400',
          )}
        />
        <Badge tone={terminal.platform === 'mt5' ? 'info' : 'neutral'}>
          {terminal.platform.toUpperCase()}
        </Badge>
        <span className="font-medium text-ink">Account {terminal.account}</span>
        <span className="min-w-0 truncate text-sm text-ink-muted">{terminal.broker}</span>
      </div>
      <p className="mt-1 text-xs text-ink-muted sm:pl-5.5">{facts.join(' · ')}</p>
      {problems.length > 0 && (
        <ul className="mt-3 space-y-2 sm:pl-5.5">
          {problems.map((problem) => (
            <li
              key={problem.key}
              className="flex gap-2.5 rounded-lg border border-amber-200 bg-warn-soft px-3 py-2.5 text-sm"
            >
              <AlertIcon className="mt-0.5 size-4 shrink-0 text-warn" />
              <div className="min-w-0">
                <p className="font-medium text-warn">{problem.title}</p>
                <p className="mt-0.5 text-ink-muted">{problem.detail}</p>
                <Link
                  to="/docs/installation-troubleshooting"
                  hash={problem.help}
                  className="mt-1 inline-block font-medium text-brand-700 hover:underline"
                >
                  How to fix this
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const platformNames = { mt4: 'MT4', mt5: 'MT5' } as const;

/** Alerts that no connected EA can take: they expire untraded unless an EA connects. */
function UnservedWarning({ platforms }: { platforms: UnservedPlatform[] }) {
  const named = platforms.filter((p) => p !== 'any').map((p) => platformNames[p]);
  const text = platforms.includes('any')
    ? 'Alerts arrived in the last 24 hours, but no EA is connected: they expire untraded unless a terminal with the EA comes online within their 30 seconds.'
    : `Your alerts of the last 24 hours target ${named.join(' and ')}, but no ${named.join(' or ')} EA is connected: they expire untraded. Start that terminal with the EA, or remove "platform" from the alert.`;
  return (
    <div
      role="alert"
      className="mx-5 mt-4 flex gap-2.5 rounded-lg border border-red-200 bg-loss-soft px-3 py-2.5 text-sm text-loss"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <p>{text}</p>
    </div>
  );
}

/**
 * Every MetaTrader terminal that ran the EA with this license in the last 30 days: which is
 * connected and how, and what stops one from trading (its own health reports, a second copy
 * refused). Sits under the EA indicator, which says only whether any terminal is online.
 */
export function TerminalsPanel() {
  const { terminals, release, unserved, error, reload } = useTerminals();
  return (
    <Card>
      <CardHeader
        title="Your terminals"
        description="Each MetaTrader terminal running the SignalRelay EA with your license."
      />
      {unserved.length > 0 && <UnservedWarning platforms={unserved} />}
      {error ? (
        <ErrorState message={error} onRetry={() => void reload()} className="m-5" />
      ) : !terminals || !release ? (
        <LoadingState label="Loading your terminals..." className="py-8" />
      ) : terminals.length === 0 ? (
        <p className="px-5 py-6 text-sm text-ink-muted">
          No terminal has connected yet.{' '}
          <Link to="/docs/quick-start" className="font-medium text-brand-700 hover:underline">
            Set up the EA in five minutes
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {terminals.map((terminal) => (
            <TerminalRow key={terminal.id} terminal={terminal} release={release} />
          ))}
        </ul>
      )}
    </Card>
  );
}
