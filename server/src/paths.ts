import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found by walking up from this file so the same code works from
 * `server/src` (tsx, tests) and from the bundled `server/dist`.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'migrations', 'meta'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot locate the repository root (migrations/)');
    dir = parent;
  }
  return dir;
}

export const repoRoot = findRoot();
export const migrationsFolder = path.join(repoRoot, 'migrations');
export const defaultClientDist = path.join(repoRoot, 'client', 'dist');
/** The MQL sources the Downloads feature reads versions from and zips. */
export const eaSourceDir = path.join(repoRoot, 'ea');
export const defaultEaReleaseDir = path.join(eaSourceDir, 'release');
