import type { DownloadEntry, DownloadPackage } from '@signalrelay/contracts/downloads';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/badge.tsx';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ArrowRightIcon, DownloadIcon } from '../../components/icons.tsx';
import { fileSize, platformNames } from './download-format.ts';

/** What each EA does, in a trader's words (ea/README.md sections 5 and 6). */
const purposes: Record<DownloadEntry['program'], Record<DownloadEntry['platform'], string>> = {
  SignalRelay: {
    mt5: 'Receives your TradingView alerts over a live connection and executes them. Required.',
    mt4: 'Receives your TradingView alerts and executes them. Required.',
  },
  OrderTracker: {
    mt5: 'Optional: reports your positions to the Order History tab.',
    mt4: 'Optional: reports your orders to the Order History tab.',
  },
};

type Props = {
  entry: DownloadEntry;
  /** The release, e.g. "1.1.0": one version for all four EAs. */
  version: string;
  /** The zip of the entry's platform, which holds it whether compiled or not. */
  zip: DownloadPackage;
};

/**
 * One EA download (spec section 2): name and file type, the release version, the compiled file
 * when this server has it and otherwise its platform's zip with the source to compile, and the
 * installation guide.
 */
export function DownloadCard({ entry, version, zip }: Props) {
  const titleId = `download-${entry.id}`;
  const compiledName = `${entry.program}${entry.fileType}`;
  const sourceName = `${entry.program}${entry.fileType.replace('.ex', '.mq')}`;
  const file = entry.binary ?? zip;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
          {platformNames[entry.platform]}
        </p>
        <Badge>Version {version}</Badge>
      </div>
      <h3 id={titleId} className="mt-1 text-lg font-semibold text-ink">
        {entry.name} <span className="font-mono text-base text-ink-muted">({entry.fileType})</span>
      </h3>
      {/* The file the button gives: the compiled EA, or else the zip (never an .ex5 it lacks). */}
      <p className="mt-1 font-mono text-sm text-ink-muted">{file.fileName}</p>
      <p className="mt-2 flex-1 text-sm text-ink-muted">
        {purposes[entry.program][entry.platform]}
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={file.url} download={file.fileName} className={buttonClasses('primary', 'sm')}>
          <DownloadIcon className="size-4" />
          {entry.binary ? `Download ${compiledName}` : 'Download source (.zip)'}
        </a>
        <span className="text-xs text-ink-subtle">{fileSize(file.bytes)}</span>
      </div>
      {!entry.binary && (
        <p className="mt-2 text-xs text-ink-muted">
          Not compiled on this server: the {platformNames[entry.platform]} zip holds{' '}
          <span className="font-mono">{sourceName}</span>; compile it in MetaEditor (
          <kbd className="font-semibold">F7</kbd>) to get {compiledName}.
        </p>
      )}

      <Link
        to="/docs/install-mt4-5"
        className="mt-4 inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        Installation guide <ArrowRightIcon className="size-4" />
      </Link>
    </Card>
  );
}
