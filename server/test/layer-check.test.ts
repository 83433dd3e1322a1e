import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer check (`npm run lint:layers`) must fail on a wrong import, not only pass on the
 * real tree. It runs the repository's own .dependency-cruiser.cjs over a small tree of planted
 * files laid out like ours, some wrong and some allowed, and reads back which rule each broke.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** file → what it imports (a path relative to it). */
const planted: Record<string, string[]> = {
  'server/src/core/store.ts': ['../features/auth/login.ts'],
  'server/src/db/table.ts': ['../core/store.ts', '../lib/batch.ts'],
  'server/src/lib/batch.ts': ['../ports/queue.ts'],
  'server/src/ports/queue.ts': [],
  'server/src/http/guard.ts': ['../features/auth/login.ts'],
  'server/src/features/auth/login.ts': ['../../core/keys.ts'],
  'server/src/core/keys.ts': [],
  'server/src/features/orders/a.ts': ['./b.ts'],
  'server/src/features/orders/b.ts': ['./a.ts'],
  'client/src/features/rules/tab.ts': ['../signals/list.ts', '../shared/card.ts'],
  'client/src/features/signals/list.ts': [],
  'client/src/features/shared/card.ts': [],
  'client/src/components/menu.ts': ['../features/signals/list.ts'],
  'client/src/lib/api.ts': ['../../../server/src/core/keys.ts'],
  'contracts/src/alert.ts': ['../../bridge/src/ea.ts'],
  'bridge/src/ea.ts': [],
  'load-tests/src/seed.test.ts': ['../../server/src/db/table.ts'],
};

// biome-ignore format: one planted import a line reads as a table
/** [importing file, imported file, the rule that must name it]. */
const wrong: [string, string, string][] = [
  ['server/src/core/store.ts', 'server/src/features/auth/login.ts', 'server-core-not-features'],
  ['server/src/db/table.ts', 'server/src/core/store.ts', 'server-ports-db-at-the-bottom'],
  ['server/src/lib/batch.ts', 'server/src/ports/queue.ts', 'server-lib-below-all'],
  ['server/src/http/guard.ts', 'server/src/features/auth/login.ts', 'server-http-not-features'],
  ['server/src/features/orders/a.ts', 'server/src/features/orders/b.ts', 'no-cycles'],
  ['client/src/features/rules/tab.ts', 'client/src/features/signals/list.ts', 'client-features-apart'],
  ['client/src/components/menu.ts', 'client/src/features/signals/list.ts', 'client-shared-not-features'],
  ['client/src/lib/api.ts', 'server/src/core/keys.ts', 'client-through-package-entries'],
  ['contracts/src/alert.ts', 'bridge/src/ea.ts', 'contracts-stand-alone'],
  ['load-tests/src/seed.test.ts', 'server/src/db/table.ts', 'tests-not-into-other-src'],
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let tree: string;
let violations: Violation[];

beforeAll(async () => {
  tree = await mkdtemp(path.join(tmpdir(), 'layers-'));
  for (const [file, imports] of Object.entries(planted)) {
    await mkdir(path.dirname(path.join(tree, file)), { recursive: true });
    const body = imports.map((to, i) => `import * as m${i} from '${to}';\nvoid m${i};\n`);
    await writeFile(path.join(tree, file), `${body.join('')}export const planted = 1;\n`);
  }
  for (const config of ['.dependency-cruiser.cjs', 'tsconfig.base.json']) {
    await copyFile(path.join(repo, config), path.join(tree, config));
  }
  const roots = ['server', 'client', 'contracts', 'bridge', 'load-tests'];
  const run = promisify(execFile)(
    path.join(repo, 'node_modules/.bin/depcruise'),
    [...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: tree, maxBuffer: 16 * 1024 * 1024 },
  );
  // depcruise exits non-zero when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run.catch((failed: { stdout: string }) => failed);
  violations = JSON.parse(stdout).summary.violations;
}, 60_000);

afterAll(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
});

describe('the layer check on planted imports', () => {
  it.each(wrong)('%s → %s breaks %s', (from, to, rule) => {
    expect(violations).toContainEqual(
      expect.objectContaining({ from, to, rule: expect.objectContaining({ name: rule }) }),
    );
  });

  it('lets the allowed imports through: a feature into core, a feature into features/shared, the bottom layer into lib', () => {
    const allowed = [
      ['server/src/features/auth/login.ts', 'server/src/core/keys.ts'],
      ['server/src/db/table.ts', 'server/src/lib/batch.ts'],
      ['client/src/features/rules/tab.ts', 'client/src/features/shared/card.ts'],
    ];
    for (const [from, to] of allowed) {
      expect(violations.filter((v) => v.from === from && v.to === to)).toEqual([]);
    }
  });
});
