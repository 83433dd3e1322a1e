import type { DownloadsManifest } from '@signalrelay/contracts/downloads';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Badge } from '../../components/badge.tsx';
import { buttonClasses } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { DownloadIcon } from '../../components/icons.tsx';
import { StepNumber } from '../../components/step-number.tsx';
import { fileSize, platformNames } from './download-format.ts';

/** What the zips hold, said plainly: we cannot compile MQL on the server, only on Windows. */
function buildStatus(compiled: string[], all: boolean): { badge: ReactNode; text: string } {
  if (compiled.length === 0) {
    return {
      badge: <Badge tone="warning">Sources only</Badge>,
      text: 'This server has no compiled build of the EAs: the zips hold the source files, which MetaEditor compiles in one click (step 2).',
    };
  }
  if (all) {
    return {
      badge: <Badge tone="info">Compiled</Badge>,
      text: 'The zips hold the compiled EAs next to their source files: there is nothing to compile.',
    };
  }
  return {
    badge: <Badge tone="warning">Partly compiled</Badge>,
    text: `Compiled on this server: ${compiled.join(', ')}. The other EAs come as source files: compile them in MetaEditor (step 2).`,
  };
}

const kbd = 'rounded border border-line-strong bg-surface-sunken px-1 font-mono text-xs';
const path = 'rounded bg-surface-sunken px-1 font-mono text-[0.85em] text-ink wrap-anywhere';

/** One of the three steps from zip to a running EA. */
function InstallStep({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <StepNumber n={n} className="size-7" />
      <div className="min-w-0">
        <p className="font-medium text-ink">{title}</p>
        <p className="mt-1 text-sm leading-6 text-ink-muted [&_a]:text-brand-700 [&_a]:underline">
          {children}
        </p>
      </div>
    </li>
  );
}

/**
 * The release box above the EA cards: the version, whether this server has a compiled build,
 * the two platform zips (laid out as the terminal's data folder) and the three install steps.
 */
export function InstallGuide({ manifest }: { manifest: DownloadsManifest }) {
  const compiled = manifest.packages.flatMap((p) => p.compiled);
  const allCompiled = manifest.downloads.every((d) => d.binary);
  const status = buildStatus(compiled, allCompiled);
  return (
    <Card role="region" aria-labelledby="release-title" className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id="release-title" className="text-lg font-semibold text-ink">
          Release {manifest.version}
        </h3>
        {status.badge}
      </div>
      <p className="mt-2 text-sm text-ink-muted">{status.text}</p>

      <div className="mt-4 flex flex-wrap gap-3">
        {manifest.packages.map((zip) => (
          <a
            key={zip.platform}
            href={zip.url}
            download={zip.fileName}
            className={buttonClasses('primary', 'md')}
          >
            <DownloadIcon className="size-4" />
            {platformNames[zip.platform]} (.zip, {fileSize(zip.bytes)})
          </a>
        ))}
      </div>

      <h4 className="mt-6 text-sm font-semibold text-ink">Install in three steps</h4>
      <ol className="mt-3 grid gap-4 md:grid-cols-3">
        <InstallStep n={1} title="Unzip into the data folder">
          In MetaTrader choose <em>File → Open Data Folder</em> and extract the zip there. It puts
          the EAs in <code className={path}>MQL5\Experts</code> (MT4:{' '}
          <code className={path}>MQL4\Experts</code>) and their code in{' '}
          <code className={path}>Include\SignalRelay</code>.
        </InstallStep>
        {/* Step 2 says when the compiled EAs make it moot. */}
        <InstallStep n={2} title="Compile in MetaEditor">
          {allCompiled ? (
            'Nothing to do: the zip already holds the compiled EAs.'
          ) : (
            <>
              Press <kbd className={kbd}>F4</kbd> to open MetaEditor, open{' '}
              <code className={path}>Experts\SignalRelay.mq5</code> (MT4:{' '}
              <code className={path}>.mq4</code>) and press <em>Compile</em> (
              <kbd className={kbd}>F7</kbd>). The Errors tab ends with <em>0 errors</em>. The same
              for OrderTracker if you use it.
            </>
          )}
        </InstallStep>
        <InstallStep n={3} title="Attach it to a chart">
          In the terminal's Navigator right-click <em>Expert Advisors</em> and choose{' '}
          <em>Refresh</em>, then drag <em>SignalRelay</em> onto a chart. In{' '}
          <em>Tools → Options → Expert Advisors</em> allow WebRequest for{' '}
          <code className={path}>{window.location.origin}</code>, and enter the license number from
          the{' '}
          <Link
            to="/dashboard"
            hash="licenses"
            activeOptions={{ includeHash: true }}
            activeProps={{}}
          >
            Licenses
          </Link>{' '}
          tab.
        </InstallStep>
      </ol>
    </Card>
  );
}
