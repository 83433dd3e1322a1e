import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizeProfile } from './profile-summary.ts';

/**
 * The bench profiles the server's bundle (server/dist); the summary must still say which
 * source file each function was written in, through the bundle's source map.
 */
describe('profile summary of a bundled server', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sr-profile-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // A two-line bundle: line 1 comes from the first line of src/core/store.ts, line 2 from the
  // third line of src/features/relay/gateway.ts (source map "mappings" in base64 VLQ).
  const dist = path.join(root, 'server', 'dist');
  mkdirSync(dist, { recursive: true });
  const bundle = path.join(dist, 'main.js');
  writeFileSync(bundle, 'function insert() {}\nfunction onFrame() {}\n');
  writeFileSync(
    `${bundle}.map`,
    JSON.stringify({
      version: 3,
      sources: ['../src/core/store.ts', '../src/features/relay/gateway.ts'],
      names: [],
      mappings: 'AAAA;ACEA',
    }),
  );

  function profileOf(frames: { name: string; url: string; line: number; samples: number }[]) {
    const nodes = frames.map((f, i) => ({
      id: i + 1,
      callFrame: { functionName: f.name, url: f.url, lineNumber: f.line, columnNumber: 0 },
    }));
    const samples = frames.flatMap((f, i) => Array<number>(f.samples).fill(i + 1));
    const file = path.join(root, 'server.cpuprofile');
    writeFileSync(
      file,
      JSON.stringify({ nodes, samples, timeDeltas: samples.map(() => 1000), startTime: 0 }),
    );
    return file;
  }

  it('names the source file and line of a bundled function, and leaves other frames as they are', () => {
    const url = pathToFileURL(bundle).href;
    const summary = summarizeProfile(
      profileOf([
        { name: 'insert', url, line: 0, samples: 3 },
        { name: 'onFrame', url, line: 1, samples: 2 },
        {
          name: 'parseRow',
          url: 'file:///app/node_modules/pg/lib/result.js',
          line: 62,
          samples: 1,
        },
      ]),
    );
    expect(summary.byOrigin).toEqual([
      { origin: 'server/src/core', ms: 3, percent: 50 },
      { origin: 'server/src/features/relay', ms: 2, percent: 33.3 },
      { origin: 'npm:pg', ms: 1, percent: 16.7 },
    ]);
    expect(summary.topFunctions.map((f) => f.fn)).toEqual([
      'insert server/src/core/store.ts:1',
      'onFrame server/src/features/relay/gateway.ts:3',
      'parseRow npm:pg/result.js:63',
    ]);
  });
});
