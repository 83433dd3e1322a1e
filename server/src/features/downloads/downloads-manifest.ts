import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadEntry, DownloadsManifest } from './downloads-schemas.ts';
import { buildSourceZip, readSource, readTree } from './downloads-zip.ts';

/** The four EAs, in the order the spec lists the Downloads cards. */
const eas = [
  { program: 'SignalRelay', platform: 'mt5', kind: 'relay', name: 'MT5 Expert Advisor' },
  { program: 'OrderTracker', platform: 'mt5', kind: 'tracker', name: 'MT5 OrderTracker EA' },
  { program: 'SignalRelay', platform: 'mt4', kind: 'relay', name: 'MT4 Expert Advisor' },
  { program: 'OrderTracker', platform: 'mt4', kind: 'tracker', name: 'MT4 OrderTracker EA' },
] as const;

/** A file the server hands out, held in memory. */
export type ServedFile = { url: string; fileName: string; contentType: string; bytes: Uint8Array };

export type Downloads = {
  manifest: DownloadsManifest;
  files: ServedFile[];
  /** Compiled files the release folder lacks, with the source download to offer instead. */
  missing: { url: string; fileName: string; sourceUrl: string }[];
};

const versionPattern = /^[ \t]*#property[ \t]+version[ \t]+"([^"]+)"/m;

/** The `#property version "x.yy"` of an MQL entry file (the MQL lint requires one). */
export function readVersion(source: string, fileName: string): string {
  const version = versionPattern.exec(source)?.[1];
  if (!version) throw new Error(`${fileName} has no #property version "x.yy"`);
  return version;
}

async function readIfPresent(file: string): Promise<Uint8Array | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

type Options = {
  /** The `ea/` folder: entry files and `Include/SignalRelay`. */
  sourceDir: string;
  /** Where compiled `.ex5`/`.ex4` files are put after a Windows build; may not exist. */
  releaseDir: string;
  /** For the install guide link in the zips' README-COMPILE.txt. */
  publicUrl: string;
};

/**
 * Reads the sources and the release folder once and builds everything the Downloads feature
 * serves: the manifest, each compiled EA that exists and a source zip per EA. A missing or
 * unversioned source, or an empty or unreadable binary, stops start-up: it is a broken release.
 */
export async function loadDownloads({
  sourceDir,
  releaseDir,
  publicUrl,
}: Options): Promise<Downloads> {
  const includes = await readTree(path.join(sourceDir, 'Include', 'SignalRelay'));
  const downloads: DownloadEntry[] = [];
  const files: ServedFile[] = [];
  const missing: Downloads['missing'] = [];

  for (const ea of eas) {
    const digit = ea.platform === 'mt5' ? '5' : '4';
    const entryName = `${ea.program}.mq${digit}`;
    const entry = await readSource(path.join(sourceDir, entryName));
    const version = readVersion(Buffer.from(entry.bytes).toString('latin1'), entryName);

    const zipName = `${ea.program}-${ea.platform}-source.zip`;
    const zip = buildSourceZip({ ...ea, version, entry, includes, publicUrl });
    const source = { url: `/downloads/${zipName}`, fileName: zipName, bytes: zip.byteLength };
    files.push({ ...source, contentType: 'application/zip', bytes: zip });

    const binaryName = `${ea.program}.ex${digit}`;
    const binaryBytes = await readIfPresent(path.join(releaseDir, binaryName));
    if (binaryBytes?.byteLength === 0) throw new Error(`${releaseDir}/${binaryName} is empty`);
    const binary = binaryBytes
      ? { url: `/${binaryName}`, fileName: binaryName, bytes: binaryBytes.byteLength }
      : null;
    if (binary && binaryBytes) {
      files.push({ ...binary, contentType: 'application/octet-stream', bytes: binaryBytes });
    } else {
      missing.push({ url: `/${binaryName}`, fileName: binaryName, sourceUrl: source.url });
    }

    downloads.push({
      id: `${ea.program}-${ea.platform}`,
      name: ea.name,
      program: ea.program,
      platform: ea.platform,
      kind: ea.kind,
      version,
      fileType: `.ex${digit}`,
      binary,
      source,
    });
  }
  return { manifest: { downloads }, files, missing };
}
