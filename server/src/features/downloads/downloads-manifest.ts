import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  DownloadEntry,
  DownloadPackage,
  DownloadsManifest,
} from '@signalrelay/contracts/downloads';
import { readEaVersion } from '../../core/ea-version.ts';
import {
  buildDataFolderZip,
  platforms,
  readSource,
  readTree,
  type SourceFile,
} from './downloads-zip.ts';

/** The four EAs, in the order the spec lists the Downloads cards (MT5 first, as the zips). */
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
  /** Compiled files the release folder lacks, with the platform zip to offer instead. */
  missing: { url: string; fileName: string; zipUrl: string }[];
};

async function readIfPresent(file: string): Promise<SourceFile | null> {
  try {
    const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
    return { bytes, mtime: info.mtime };
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
  /** For the install guide link in the zips' install note. */
  publicUrl: string;
};

/**
 * Reads the sources and the release folder once and builds everything the Downloads feature
 * serves: the manifest, each compiled EA that exists and one zip per platform holding both EAs
 * (compiled when available) laid out as the terminal's data folder. A missing source, a
 * Version.mqh whose two forms disagree, or an empty or unreadable binary stops start-up: it is
 * a broken release.
 */
export async function loadDownloads({
  sourceDir,
  releaseDir,
  publicUrl,
}: Options): Promise<Downloads> {
  const version = await readEaVersion(sourceDir);
  const includes = await readTree(path.join(sourceDir, 'Include', 'SignalRelay'));
  const downloads: DownloadEntry[] = [];
  const packages: DownloadPackage[] = [];
  const files: ServedFile[] = [];
  const missing: Downloads['missing'] = [];

  for (const platform of ['mt5', 'mt4'] as const) {
    const { source, compiled } = platforms[platform];
    const zipUrl = `/downloads/SignalRelay-${platform}.zip`;
    const experts = new Map<string, SourceFile>();
    const built: string[] = [];

    for (const ea of eas.filter((e) => e.platform === platform)) {
      const entryName = `${ea.program}${source}`;
      experts.set(entryName, await readSource(path.join(sourceDir, entryName)));

      const binaryName = `${ea.program}${compiled}`;
      const binaryFile = await readIfPresent(path.join(releaseDir, binaryName));
      if (binaryFile?.bytes.byteLength === 0)
        throw new Error(`${releaseDir}/${binaryName} is empty`);
      const binary = binaryFile
        ? { url: `/${binaryName}`, fileName: binaryName, bytes: binaryFile.bytes.byteLength }
        : null;
      if (binary && binaryFile) {
        experts.set(binaryName, binaryFile);
        built.push(binaryName);
        files.push({ ...binary, contentType: 'application/octet-stream', bytes: binaryFile.bytes });
      } else {
        missing.push({ url: `/${binaryName}`, fileName: binaryName, zipUrl });
      }
      downloads.push({
        id: `${ea.program}-${platform}`,
        name: ea.name,
        program: ea.program,
        platform,
        kind: ea.kind,
        fileType: compiled,
        binary,
      });
    }

    const zip = buildDataFolderZip({ platform, version, experts, includes, publicUrl });
    const fileName = `SignalRelay-${version}-${platform}.zip`;
    packages.push({ url: zipUrl, fileName, bytes: zip.byteLength, platform, compiled: built });
    files.push({ url: zipUrl, fileName, contentType: 'application/zip', bytes: zip });
  }
  return { manifest: { version, packages, downloads }, files, missing };
}
