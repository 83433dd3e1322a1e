import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, headerFile, jsonFile } from './runtime/api/gen-constants.ts';
import { declaredTypes, translateSource } from './translate/translate.ts';

/**
 * `npm run build:mql`: translates the shipped EA sources (ea/*.mq5, ea/*.mq4, ea/Include/**)
 * into build/gen, writes the runtime's constants.h there from constants.json, then builds build/bin/<EA>.<mt4|mt5> with CMake. Unchanged translations are
 * not rewritten, so a rebuild compiles only what changed. Any translation or compile error
 * fails with the original file and line.
 */
const harness = dirname(fileURLToPath(import.meta.url));
const eaRoot = join(harness, '..');
const gen = join(harness, 'build', 'gen');
const cmakeDir = join(harness, 'build', 'cmake');
const entries = ['SignalRelay.mq5', 'SignalRelay.mq4', 'OrderTracker.mq5', 'OrderTracker.mq4'];

function includes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? includes(join(dir, e.name))
      : e.name.endsWith('.mqh')
        ? [join(dir, e.name)]
        : [],
  );
}

function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

async function translateAll(): Promise<void> {
  const headers = includes(join(eaRoot, 'Include'));
  // Every structure and class of the program, declared in every file: a function declared at
  // the top of one file may take a type another file defines.
  const types = (
    await Promise.all(headers.map((f) => declaredTypes(readFileSync(f, 'utf8'))))
  ).flat();
  for (const file of headers) {
    const { cpp } = await translateSource(file, readFileSync(file, 'utf8'), types);
    writeIfChanged(join(gen, 'Include', relative(join(eaRoot, 'Include'), file)), cpp);
  }
  for (const entry of entries) {
    const file = join(eaRoot, entry);
    const { cpp } = await translateSource(file, readFileSync(file, 'utf8'), types);
    writeIfChanged(join(gen, `${entry}.cpp`), `#include "mql.h"\n${cpp}`);
  }
}

function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.error)
    throw new Error(`${command}: ${r.error.message} (see ea/harness/README.md for the toolchain)`);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status})`);
}

await translateAll();
writeIfChanged(headerFile, generate(readFileSync(jsonFile, 'utf8')));
if (!existsSync(join(cmakeDir, 'CMakeCache.txt')))
  run('cmake', ['-S', harness, '-B', cmakeDir, '-DCMAKE_BUILD_TYPE=RelWithDebInfo']);
run('cmake', ['--build', cmakeDir, '--parallel', '2']);
