import type { ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { Fact, FactList } from '../../components/fact-list.tsx';
import { AlertIcon, InfoIcon } from '../../components/icons.tsx';
import { formatNumber, formatPrice, formatTimestamp } from '../../components/trading/format.ts';
import { cn } from '../../lib/cn.ts';
import { commandDetails } from './signal-command-details.ts';
import {
  msBetween,
  type SignalDelivery,
  slippageOf,
  slippageText,
  terminalName,
  transportName,
  ttlSeconds,
} from './signal-journey.ts';
import { type SignalNotice, signalNotice } from './signal-messages.ts';
import { SignalProgressLine } from './signal-progress.tsx';
import type { SignalView } from './signals-api.ts';

const tones: Record<SignalNotice['tone'], string> = {
  info: 'border-brand-200 bg-brand-50 text-brand-800',
  warning: 'border-amber-200 bg-warn-soft text-warn',
  danger: 'border-red-200 bg-loss-soft text-loss',
  neutral: 'border-line bg-surface-sunken text-ink',
};

/** A titled box: a status notice (with its icon), the error, or the terminal's note. */
function Callout({ tone, title, text, icon: Icon }: SignalNotice & { icon?: typeof InfoIcon }) {
  return (
    <div className={cn('flex gap-3 rounded-lg border p-3 text-sm', tones[tone])}>
      {Icon && <Icon className="mt-0.5 size-4 shrink-0" />}
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className={cn('mt-0.5 break-words', Icon && 'opacity-90')}>{text}</p>
      </div>
    </div>
  );
}

/**
 * One hop of the signal's way: what happened, how long after the hop before (`after`), when,
 * and who (the terminal that took it).
 */
function Hop({
  label,
  at,
  after,
  children,
}: {
  label: string;
  at: string | null;
  after: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex min-w-0 flex-1 flex-col rounded-lg border border-line bg-surface px-3 py-2">
      <span className="text-xs text-ink-subtle">{label}</span>
      <span className="text-sm font-semibold text-ink tabular-nums">{after}</span>
      {at && (
        <span className="truncate text-xs text-ink-muted tabular-nums">
          {formatTimestamp(at, true)}
        </span>
      )}
      {children}
    </li>
  );
}

const latency = (ms: number | null) => (ms === null ? '—' : `+${Math.max(0, Math.round(ms))} ms`);

/** The terminal that took the signal: account and broker, then platform, transport, EA. */
function TerminalLines({ delivery }: { delivery: SignalDelivery }) {
  const about = [
    delivery.platform.toUpperCase(),
    transportName(delivery.transport),
    delivery.eaVersion && `EA ${delivery.eaVersion}`,
  ].filter(Boolean);
  return (
    <>
      <span className="mt-1 truncate text-xs font-medium text-ink">{terminalName(delivery)}</span>
      <span className="truncate text-xs text-ink-muted">{about.join(' · ')}</span>
    </>
  );
}

/** The last hop: how the terminal answered, or that nobody took the signal in time. */
function resultHop(signal: SignalView): { label: string; at: string | null; after: string } {
  const sinceDelivery = latency(msBetween(signal.deliveredAt, signal.executedAt));
  switch (signal.status) {
    case 'success':
      return {
        label: signal.isTest ? 'Logged by the EA' : 'Executed',
        at: signal.executedAt,
        after: sinceDelivery,
      };
    case 'error':
      return {
        label: signal.retcode === null ? 'Not executed' : 'Refused by the broker',
        at: signal.executedAt,
        after: signal.executedAt === null ? 'No answer' : sinceDelivery,
      };
    case 'failed':
      return signal.errorMessage
        ? { label: 'Not sent', at: null, after: 'Stopped before delivery' }
        : { label: 'Expired', at: signal.expiresAt, after: `after ${ttlSeconds(signal)} s` };
    default:
      return { label: 'Result', at: null, after: 'Not yet' };
  }
}

/** Received → delivered to a terminal → executed, refused or expired, each with its latency. */
function Journey({ signal }: { signal: SignalView }) {
  const result = resultHop(signal);
  return (
    <ol aria-label="Hop timings" className="flex flex-col gap-2">
      <Hop label="Received" at={signal.receivedAt} after="Start" />
      <Hop
        label="Delivered"
        at={signal.deliveredAt}
        after={
          signal.deliveredAt !== null
            ? latency(signal.timings.deliveryMs)
            : signal.status === 'failed'
              ? 'Never'
              : 'Not yet'
        }
      >
        {signal.delivery && <TerminalLines delivery={signal.delivery} />}
      </Hop>
      <Hop label={result.label} at={result.at} after={result.after}>
        {result.at !== null && signal.timings.executionMs !== null && (
          <span className="text-xs text-ink-muted tabular-nums">
            {Math.round(signal.timings.executionMs)} ms after receipt
          </span>
        )}
      </Hop>
    </ol>
  );
}

/** What TradingView sent, as received, for an alert the server could not read. */
function RawBody({ text }: { text: string }) {
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
          What TradingView sent
        </p>
        <CopyButton text={text} label="Copy" />
      </div>
      <pre className="max-h-60 overflow-auto rounded-lg border border-line bg-surface-sunken p-3 font-mono text-xs whitespace-pre-wrap break-all text-ink">
        {text || '(empty body)'}
      </pre>
    </div>
  );
}

/**
 * A Signal History row's details drawer: the notice its status calls for (spec section 8), the error
 * or the terminal's note, then what TradingView sent (an alert refused for its content) or how
 * the signal went.
 */
export function SignalDetails({ signal, quotaLimit }: { signal: SignalView; quotaLimit: number }) {
  const notice = signalNotice(signal, quotaLimit);
  return (
    <div className="space-y-4">
      {notice && <Callout {...notice} icon={notice.tone === 'info' ? InfoIcon : AlertIcon} />}
      {signal.errorMessage && (
        <Callout tone="danger" title="Error Details" text={signal.errorMessage} />
      )}
      {/* Neutral: the EA also reports plain successes here ("Bought 0.05 EURUSD at 1.08492"). */}
      {signal.resultMessage && (
        <Callout tone="neutral" title="From your terminal" text={signal.resultMessage} />
      )}

      {signal.rawBody !== null ? <RawBody text={signal.rawBody} /> : <Outcome signal={signal} />}
    </div>
  );
}

/**
 * How an accepted signal went: where it stands, its journey, the alert's parameters and the
 * fill (price, lot, slippage against the alert's price).
 */
function Outcome({ signal }: { signal: SignalView }) {
  const slippage = slippageOf(signal);
  return (
    <>
      <div className="space-y-2">
        <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">Journey</p>
        {signal.status !== 'quota_blocked' && (
          <SignalProgressLine signal={signal} reasonShown={signal.errorMessage !== null} />
        )}
        <Journey signal={signal} />
      </div>

      <FactList>
        {/* buy and sell execute at market: their price is only what the chart showed. */}
        {commandDetails(signal).map((detail) => (
          <Fact key={detail.label} label={detail.label}>
            {detail.value}
          </Fact>
        ))}
        <Fact label="Platform">{signal.platform?.toUpperCase() ?? 'All'}</Fact>
        <Fact label="Sender">{signal.senderPlatform || '—'}</Fact>
        {signal.ticket && <Fact label="Ticket">{signal.ticket}</Fact>}
        {signal.executedPrice !== null && (
          <Fact label="Fill price">{formatPrice(signal.executedPrice)}</Fact>
        )}
        {slippage !== null && <Fact label="Slippage">{slippageText(slippage)}</Fact>}
        {signal.executedVolume !== null && (
          <Fact label="Executed lot">{formatNumber(signal.executedVolume)}</Fact>
        )}
        {signal.retcode !== null && <Fact label="Broker code">{signal.retcode}</Fact>}
      </FactList>
    </>
  );
}
