import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { resultSchema, type SignalResult } from '@signalrelay/contracts/ea-protocol';

/**
 * The ids this EA has executed and their first results, so that a signal delivered twice is
 * traded once (ea/PROTOCOL.md, "Dedupe"). Keeps the newest `capacity` ids (at least 1,000).
 * With a file, finished results are appended as JSON lines before they are reported, and read
 * back on start, so a restart does not forget them.
 */
export interface Dedupe {
  /** The first result of `id`, a promise of it while it is still executing, or undefined. */
  lookup(id: string): SignalResult | Promise<SignalResult> | undefined;
  /** Records that `id` is executing; its result is remembered when `outcome` settles. */
  remember(id: string, outcome: Promise<SignalResult>): void;
  readonly size: number;
}

export interface DedupeOptions {
  capacity?: number;
  /** A JSON-lines file to persist results in; created if missing. */
  file?: string;
}

export const minDedupeCapacity = 1000;

export function createDedupe(options: DedupeOptions = {}): Dedupe {
  const capacity = Math.max(minDedupeCapacity, options.capacity ?? minDedupeCapacity);
  const entries = new Map<string, SignalResult | Promise<SignalResult>>();
  const file = options.file;
  let linesInFile = 0;

  const evict = () => {
    for (const id of entries.keys()) {
      if (entries.size <= capacity) break;
      entries.delete(id);
    }
  };

  if (file) {
    for (const result of readResults(file)) {
      entries.delete(result.id);
      entries.set(result.id, result);
      linesInFile++;
    }
    evict();
  }

  const persist = (result: SignalResult) => {
    if (!file) return;
    // Rewrite instead of appending once the file holds twice what we keep.
    if (linesInFile >= capacity * 2) {
      const finished = [...entries.values()].filter((e): e is SignalResult => !isPromise(e));
      const tmp = `${file}.tmp`;
      writeFileSync(tmp, finished.map((r) => `${JSON.stringify(r)}\n`).join(''));
      renameSync(tmp, file);
      linesInFile = finished.length;
    } else {
      appendFileSync(file, `${JSON.stringify(result)}\n`);
      linesInFile++;
    }
  };

  return {
    lookup: (id) => entries.get(id),
    remember(id, outcome) {
      entries.set(id, outcome);
      evict();
      outcome.then(
        (result) => {
          if (entries.get(id) === outcome) entries.set(id, result);
          persist(result);
        },
        // No result to remember: a later delivery of the id may try again.
        () => {
          if (entries.get(id) === outcome) entries.delete(id);
        },
      );
    },
    get size() {
      return entries.size;
    },
  };
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/** Reads a results file, skipping a torn last line or anything that is not a result. */
function readResults(file: string): SignalResult[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true });
    return [];
  }
  const results: SignalResult[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const parsed = resultSchema.safeParse(JSON.parse(line));
      if (parsed.success) results.push(parsed.data);
    } catch {
      // A line cut short by a crash in the middle of a write: nothing in it can be trusted.
    }
  }
  return results;
}
