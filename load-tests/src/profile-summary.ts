import { readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a V8 CPU profile (`node --cpu-prof`) says, in a few lines: self time by function and by
 * where the code lives (our files, each npm package, Node internals, GC, idle).
 */
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

/**
 * A stretch of the run on the bench's shared clock (`monoNow`, ms). V8 stamps profile samples
 * in microseconds of the same CLOCK_MONOTONIC, so a profile can be cut to the measured phase,
 * without the server's start-up and the warm-up.
 */
export type ProfileWindow = { fromMs: number; toMs: number };

export type ProfileSummary = {
  totalMs: number;
  /** Share of non-idle time, by origin (`server/src/core`, `npm:pg`, `node:internal`, `(gc)`). */
  byOrigin: { origin: string; ms: number; percent: number }[];
  topFunctions: { fn: string; ms: number; percent: number }[];
};

function originOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return `npm:${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const src = url.indexOf('/src/');
  if (src >= 0) {
    const workspace = path.basename(url.slice(0, src));
    return `${workspace}/${path.dirname(url.slice(src + 1))}`;
  }
  return url;
}

/** Each bundle's source map (server/dist is built with them), null where there is none. */
const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  let map = sourceMaps.get(url);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(url, map);
  }
  return map;
}

/**
 * Where a function's code was written: for the server's bundle, the source file and line its
 * source map gives (so the summary names `server/src/core`, not a chunk of server/dist).
 */
function located({ url, lineNumber, columnNumber }: CallFrame): { url: string; line: number } {
  const bundled = url.startsWith('file:') && url.endsWith('.js') && !url.includes('node_modules');
  // findEntry gives {} where the map has no mapping.
  const entry = bundled
    ? (sourceMapOf(url)?.findEntry(lineNumber, columnNumber) as Partial<SourceMapping>)
    : undefined;
  if (!entry?.originalSource || entry.originalLine === undefined) {
    return { url, line: lineNumber + 1 };
  }
  const source = path.resolve(path.dirname(fileURLToPath(url)), entry.originalSource);
  return { url: source, line: entry.originalLine + 1 };
}

export function summarizeProfile(file: string, top = 15, window?: ProfileWindow): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at / 1000 < window.fromMs || at / 1000 > window.toMs)) return;
    self.set(id, (self.get(id) ?? 0) + delta / 1000);
  });
  const origins = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let total = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    const { functionName } = frame;
    total += ms;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += ms;
    const { url, line } = located(frame);
    const origin = originOf(url, functionName);
    origins.set(origin, (origins.get(origin) ?? 0) + ms);
    const fn =
      `${functionName || '(anonymous)'} ${url ? `${origin}/${path.basename(url)}:${line}` : ''}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  }
  const rank = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => ({ k, ms: Math.round(ms), percent: Math.round((ms / busy) * 1000) / 10 }));
  return {
    totalMs: Math.round(total),
    byOrigin: rank(origins, 12).map(({ k, ...r }) => ({ origin: k, ...r })),
    topFunctions: rank(functions, top).map(({ k, ...r }) => ({ fn: k, ...r })),
  };
}

/**
 * The main thread's profile in a `--cpu-prof-dir` (files are named
 * CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the main one), else the largest.
 */
export function mainThreadProfile(dir: string): string | null {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  } catch {
    return null;
  }
  const main = files.find((f) => f.split('.')[4] === '0');
  if (main) return path.join(dir, main);
  const largest = files
    .map((f) => ({ f, size: statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size)[0];
  return largest ? path.join(dir, largest.f) : null;
}

export function formatProfile(s: ProfileSummary, window?: ProfileWindow): string {
  return [
    ...(window
      ? [
          `measured phase only: ${((window.toMs - window.fromMs) / 1000).toFixed(1)} s, ${s.totalMs} ms sampled`,
        ]
      : []),
    'self time by origin (% of busy time):',
    ...s.byOrigin.map((o) => `  ${String(o.percent).padStart(5)} %  ${o.origin}`),
    'top functions:',
    ...s.topFunctions.map((f) => `  ${String(f.percent).padStart(5)} %  ${f.fn}`),
  ].join('\n');
}

// `npx tsx load-tests/src/profile-summary.ts <file.cpuprofile>`
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx load-tests/src/profile-summary.ts <file.cpuprofile>');
    process.exit(2);
  }
  console.log(formatProfile(summarizeProfile(file, 30)));
}
