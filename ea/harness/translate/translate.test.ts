import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TranslateError, translateSource } from './translate.ts';

const runtime = fileURLToPath(new URL('../runtime', import.meta.url));
/** The language layer a translated program links with (CMakeLists.txt's CORE_SOURCES). */
const coreSources = readdirSync(join(runtime, 'core'))
  .filter((name) => name.endsWith('.cpp'))
  .map((name) => join(runtime, 'core', name));
const work = mkdtempSync(join(tmpdir(), 'mql-translate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const program = `#property version "1.23"
#property strict
input string Name = "world";   // who to greet
input int    Times = 2;

struct Item
  {
   string   label;
   uchar    raw[4];
   double   values[];
  };

int Count(const string &parts[]) { return ArraySize(parts); }

void Grow(Item &items[], const int n)
  {
   ArrayResize(items, n);
   for(int i = 0; i < n; i++)
      items[i].label = "item " + IntegerToString(i);
  }

int main()
  {
   string parts[];
   int n = StringSplit("a,b,c", ',', parts);
   Item items[];
   Grow(items, Times);
   int fixed[3] = {1, 2, 3};
   Print("hello " + Name, " ", n, " ", Count(parts), " ", items[1].label, " ", ArrayResize(fixed, 5),
         " ", ArraySize(items[0].raw), " ", 2.5);
   return items[Times].label == "" ? 1 : 0;
  }
`;

async function compileAndRun(source: string, args: string[] = []) {
  const { cpp } = await translateSource(join(work, 'program.mq4'), source);
  const cppFile = join(work, 'program.cpp');
  writeFileSync(
    cppFile,
    `#include "core/core.h"\n#include <iostream>\n` +
      'namespace mql { void journal(JournalKind, const std::string &t) { std::cout << t << "\\n"; } }\n' +
      `${cpp}\n`,
  );
  const bin = join(work, 'program');
  const built = spawnSync(
    'g++',
    ['-std=c++20', '-w', `-I${runtime}`, '-o', bin, cppFile, ...coreSources, '-lcrypto'],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(built.stderr);
  return spawnSync(bin, args, { encoding: 'utf8' });
}

describe('MQL -> C++ translation', () => {
  it('records #property and input variables, keeping every line in place', async () => {
    const t = await translateSource('/x/program.mq4', program);
    expect(t.properties.version).toEqual(['1.23']);
    expect(t.inputs).toEqual(['Name', 'Times']);
    const lines = t.cpp.split('\n');
    // Declarations first (MQL may call a function defined further down), then the source.
    expect(lines.slice(0, 4)).toEqual([
      'struct Item;',
      'int Count(const mql::Array<string> &parts);',
      'void Grow(mql::Array<Item> &items, const int n);',
      'int main();',
    ]);
    const top = lines.indexOf('#line 1 "/x/program.mq4"');
    expect(lines[top + 19]).toContain('items[i].label = _S("item ") + IntegerToString(i);');
    expect(t.cpp).toContain('mql::Array<string> parts;');
    expect(t.cpp).toContain('mql::Array<uchar>    raw{mql::FixedSize{4}};');
    expect(t.cpp).toContain('void Grow(mql::Array<Item> &items, const int n)');
    expect(t.cpp).toContain('int Count(const mql::Array<string> &parts)');
    expect(t.cpp).toContain('mql::Array<int> fixed = {1, 2, 3};');
    expect(t.cpp).toContain('MQL_INPUT(Name); MQL_INPUT(Times);');
  });

  it('compiles with the runtime and behaves as MQL: concatenation, static arrays, bounds', async () => {
    const run = await compileAndRun(program);
    // items[Times] is one past the end: MT stops the program with "array out of range".
    expect(run.stdout).toBe(
      'hello world 3 3 item 1 -1 4 2.5\narray out of range (index 2, size 2)\n',
    );
    expect(run.status).toBe(3);
  });

  it('rewrites include paths and string literals inside macros', async () => {
    const t = await translateSource(
      '/x/a.mqh',
      '#include <SignalRelay\\Log.mqh>\n#define GREETING "hi"\nstring s = GREETING;\n',
    );
    expect(t.cpp).toContain('#include "SignalRelay/Log.mqh"');
    expect(t.cpp).toContain('#define GREETING _S("hi")');
  });

  it('refuses what it cannot translate, with the place', async () => {
    await expect(translateSource('/x/b.mqh', 'double grid[2][3];\n')).rejects.toThrow(
      new TranslateError('/x/b.mqh:1:8: multi-dimensional arrays are not supported'),
    );
  });
});
