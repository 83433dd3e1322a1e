import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Zippable, zipSync } from 'fflate';
import { installGuidePath } from './downloads-schemas.ts';

/** A file as it goes into a zip: its bytes and its modification time. */
export type SourceFile = { bytes: Uint8Array; mtime: Date };

export async function readSource(file: string): Promise<SourceFile> {
  const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
  return { bytes, mtime: info.mtime };
}

/** Every file under `dir`, keyed by its path relative to `dir` with forward slashes. */
export async function readTree(dir: string, prefix = ''): Promise<Map<string, SourceFile>> {
  const files = new Map<string, SourceFile>();
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      for (const [k, v] of await readTree(full, `${key}/`)) files.set(k, v);
    } else if (entry.isFile()) {
      files.set(key, await readSource(full));
    }
  }
  return files;
}

type ZipInput = {
  /** e.g. "SignalRelay" */
  program: string;
  platform: 'mt5' | 'mt4';
  version: string;
  /** The entry file (`SignalRelay.mq5`). */
  entry: SourceFile;
  /** The `Include/SignalRelay` folder, keyed relative to it. */
  includes: Map<string, SourceFile>;
  publicUrl: string;
};

/**
 * Windows users open it with Notepad, hence CRLF. The steps follow ea/README.md section 2 and
 * the folder names the docs' install guide uses.
 */
function compileNote({ program, platform, version, publicUrl }: ZipInput): string {
  const mql = platform === 'mt5' ? 'MQL5' : 'MQL4';
  const terminal = platform === 'mt5' ? 'MetaTrader 5' : 'MetaTrader 4';
  const ext = platform === 'mt5' ? 'mq5' : 'mq4';
  const compiled = platform === 'mt5' ? 'ex5' : 'ex4';
  return [
    `${program} ${version} for ${terminal}: source files`,
    '',
    'This archive holds the source code. Compile it once in MetaEditor:',
    '',
    `1. In ${terminal} choose File > Open Data Folder and open the ${mql} folder.`,
    `2. Copy the Experts and Include folders of this archive into ${mql}`,
    '   (merge them with the folders that are already there).',
    `3. Press F4 to open MetaEditor, open Experts\\${program}.${ext} and press F7 (Compile).`,
    `   The Errors tab must end with "0 errors"; ${program}.${compiled} appears next to the source.`,
    `4. In the terminal's Navigator, right-click Expert Advisors and choose Refresh.`,
    '',
    `Then attach the EA to a chart as the installation guide describes:`,
    `${publicUrl}${installGuidePath}`,
    '',
  ].join('\r\n');
}

/**
 * The source download of one EA, laid out as the terminal's MQL5 (MQL4) data folder so it can
 * be extracted there as is: `Experts/<entry>`, `Include/SignalRelay/...`, README-COMPILE.txt.
 */
export function buildSourceZip(input: ZipInput): Uint8Array {
  const ext = input.platform === 'mt5' ? 'mq5' : 'mq4';
  const files: Zippable = {
    'README-COMPILE.txt': [
      new TextEncoder().encode(compileNote(input)),
      { mtime: input.entry.mtime },
    ],
    [`Experts/${input.program}.${ext}`]: [input.entry.bytes, { mtime: input.entry.mtime }],
  };
  for (const [name, file] of input.includes) {
    files[`Include/SignalRelay/${name}`] = [file.bytes, { mtime: file.mtime }];
  }
  return zipSync(files);
}
