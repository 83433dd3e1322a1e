import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { installGuidePath } from '@signalrelay/contracts/downloads';
import { type Zippable, zipSync } from 'fflate';

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

/** The folder and program names of one platform, as the terminal and MetaEditor show them. */
export const platforms = {
  mt5: { mql: 'MQL5', terminal: 'MetaTrader 5', source: '.mq5', compiled: '.ex5' },
  mt4: { mql: 'MQL4', terminal: 'MetaTrader 4', source: '.mq4', compiled: '.ex4' },
} as const;

type ZipInput = {
  platform: keyof typeof platforms;
  /** The release, e.g. "1.1.0". */
  version: string;
  /** What goes into `<MQL>/Experts`: the entry sources and any compiled EAs, keyed by file name. */
  experts: Map<string, SourceFile>;
  /** The `Include/SignalRelay` folder, keyed relative to it. */
  includes: Map<string, SourceFile>;
  publicUrl: string;
};

/** The file at the zip's root that says what to do with it. */
const installNoteName = 'SignalRelay-INSTALL.txt';

/**
 * The same three steps as the Downloads tab, saying plainly whether there is anything to
 * compile. Windows users open it with Notepad, hence CRLF.
 */
function installNote({ platform, version, experts, publicUrl }: ZipInput): string {
  const { mql, terminal, source, compiled } = platforms[platform];
  const names = [...experts.keys()];
  const built = names.filter((n) => n.endsWith(compiled));
  const toCompile = names.filter(
    (n) => n.endsWith(source) && !built.includes(n.replace(source, compiled)),
  );
  const compileStep = toCompile.length
    ? [
        `2. Press F4 to open MetaEditor, open Experts\\${toCompile[0]} and press F7 (Compile).`,
        '   The Errors tab must end with "0 errors".',
        ...toCompile.slice(1).map((n) => `   Do the same for Experts\\${n} if you use it.`),
        ...(built.length ? [`   Already compiled, nothing to do: ${built.join(', ')}.`] : []),
      ]
    : [`2. Nothing to compile: ${built.join(' and ')} are included.`];
  return [
    `SignalRelay ${version} for ${terminal}`,
    '',
    built.length
      ? `This archive holds the compiled EAs and their source files.`
      : `This archive holds the source files only: compile them once in MetaEditor (step 2).`,
    `It is laid out as the terminal's data folder (${mql}\\Experts, ${mql}\\Include).`,
    '',
    `1. In ${terminal} choose File > Open Data Folder and extract this archive there,`,
    `   merging its ${mql} folder with the one that is already there.`,
    ...compileStep,
    `3. In the terminal's Navigator right-click Expert Advisors and choose Refresh. Drag SignalRelay`,
    `   onto a chart, allow WebRequest for ${publicUrl} (Tools > Options > Expert Advisors)`,
    '   and enter your license number from the dashboard.',
    '',
    'The installation guide shows each step:',
    `${publicUrl}${installGuidePath}`,
    '',
  ].join('\r\n');
}

/**
 * One platform's download, laid out as the terminal's data folder so the trader extracts it
 * there as is: `MQL5/Experts/<entries and compiled EAs>`, `MQL5/Include/SignalRelay/...`, and
 * the install note at the root.
 */
export function buildDataFolderZip(input: ZipInput): Uint8Array {
  const { mql } = platforms[input.platform];
  const newest = new Date(Math.max(...[...input.experts.values()].map((f) => f.mtime.getTime())));
  const files: Zippable = {
    [installNoteName]: [new TextEncoder().encode(installNote(input)), { mtime: newest }],
  };
  for (const [name, file] of input.experts) {
    files[`${mql}/Experts/${name}`] = [file.bytes, { mtime: file.mtime }];
  }
  for (const [name, file] of input.includes) {
    files[`${mql}/Include/SignalRelay/${name}`] = [file.bytes, { mtime: file.mtime }];
  }
  return zipSync(files);
}
