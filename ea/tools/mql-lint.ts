import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, type Node, Parser, type Tree } from 'web-tree-sitter';

/**
 * Offline lint for the MQL5/MQL4 sources. MetaEditor only runs on Windows, so CI parses every
 * `.mq5`/`.mq4`/`.mqh` as C++ with tree-sitter (MQL is C++-shaped once a few MQL-only tokens are
 * blanked) and fails on any ERROR/MISSING node. It also enforces the EA rules a syntax tree can
 * see: no DLL imports, no Sleep() (it freezes the only EA thread), no SocketRead with timeout 0
 * (that means 120 s), platform switches only in Platform.mqh, includes that resolve, and the
 * `#property version` taken from Version.mqh, the one place the release version is written.
 */

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
}

export const eaRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const includeRoot = join(eaRoot, 'Include');
const platformFile = join(includeRoot, 'SignalRelay', 'Platform.mqh');

let parserPromise: Promise<Parser> | undefined;

function loadParser(): Promise<Parser> {
  parserPromise ??= (async () => {
    await Parser.init();
    const require = createRequire(import.meta.url);
    const wasm = join(
      dirname(require.resolve('tree-sitter-cpp/package.json')),
      'tree-sitter-cpp.wasm',
    );
    const parser = new Parser();
    parser.setLanguage(await Language.load(wasm));
    return parser;
  })();
  return parserPromise;
}

/** Replaces every character of a match except newlines with spaces, so positions stay exact. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/**
 * Blanks the MQL-only tokens a C++ grammar rejects, keeping every offset: `#property` lines,
 * the `input`/`sinput` storage classes, and `C'…'`/`D'…'` colour and date literals.
 */
export function toCpp(source: string): string {
  return source
    .replace(/^[ \t]*#[ \t]*property\b.*$/gm, blank)
    .replace(
      /^([ \t]*)(input|sinput)(?=\s)/gm,
      (_m, indent: string, word: string) => indent + blank(word),
    )
    .replace(/\b[CD]'[^'\n]*'/g, (m) => `0${blank(m.slice(1))}`);
}

function at(file: string, node: Node, message: string): Diagnostic {
  return { file, line: node.startPosition.row + 1, column: node.startPosition.column + 1, message };
}

function excerpt(node: Node): string {
  const text = node.text.replace(/\s+/g, ' ').trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function resolveInclude(fromFile: string, spec: string): string {
  const path = spec.slice(1, -1).replaceAll('\\', '/');
  return spec.startsWith('<') ? join(includeRoot, path) : join(dirname(fromFile), path);
}

function checkNode(file: string, node: Node, out: Diagnostic[]): void {
  if (node.isMissing) {
    out.push(at(file, node, `syntax error: missing '${node.type}'`));
    return;
  }
  if (node.isError) {
    out.push(at(file, node, `syntax error near '${excerpt(node)}'`));
    return;
  }
  switch (node.type) {
    case 'preproc_include': {
      const path = node.childForFieldName('path');
      if (path && !existsSync(resolveInclude(file, path.text))) {
        out.push(at(file, path, `include ${path.text} does not resolve to a file under ea/`));
      }
      break;
    }
    case 'preproc_call': {
      const directive = node.childForFieldName('directive')?.text.replace(/\s/g, '');
      if (directive === '#import') {
        out.push(
          at(file, node, 'DLL imports are not allowed: the EAs must run with DLLs disabled'),
        );
      }
      break;
    }
    case 'identifier': {
      if ((node.text === '__MQL4__' || node.text === '__MQL5__') && file !== platformFile) {
        out.push(
          at(
            file,
            node,
            `${node.text}: platform switches belong in Include/SignalRelay/Platform.mqh`,
          ),
        );
      }
      break;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function')?.text;
      const args = node.childForFieldName('arguments')?.namedChildren ?? [];
      if (fn === 'Sleep') {
        out.push(
          at(
            file,
            node,
            'Sleep() freezes the EA thread (stops, heartbeats): schedule from OnTimer',
          ),
        );
      }
      if (fn === 'SocketRead' && args[3]?.text.trim() === '0') {
        out.push(
          at(file, node, 'SocketRead with timeout 0 waits 120 s: pass a small positive timeout'),
        );
      }
      break;
    }
  }
  for (const child of node.children) if (child) checkNode(file, child, out);
}

function checkText(file: string, source: string, out: Diagnostic[]): void {
  // MetaEditor reads a BOM-less UTF-8 file as ANSI, so anything beyond ASCII would be garbled.
  const lines = source.split('\n');
  lines.forEach((text, i) => {
    const column = text.search(/[^\t\r -~]/);
    if (column >= 0)
      out.push({
        file,
        line: i + 1,
        column: column + 1,
        message: 'non-ASCII character: keep MQL sources ASCII',
      });
  });
  if (!/\.mq[45]$/.test(file)) return;
  // One release version for all four entries: a literal here would drift from Version.mqh.
  const include = source.search(/^#include\s+<SignalRelay\\Version\.mqh>/m);
  const property = source.search(/^#property\s+version\s+SR_EA_VERSION_PROPERTY\s*$/m);
  if (include < 0 || property < include) {
    out.push({
      file,
      line: 1,
      column: 1,
      message:
        '#property version SR_EA_VERSION_PROPERTY is required, after #include <SignalRelay\\Version.mqh>',
    });
  }
  if (file.endsWith('.mq4') && !/^#property\s+strict\b/m.test(source)) {
    out.push({ file, line: 1, column: 1, message: '#property strict is required in MQL4 sources' });
  }
}

/** Parses MQL source as C++ (after toCpp). The caller deletes the tree. */
export async function parseMql(source: string): Promise<Tree> {
  const parser = await loadParser();
  const tree = parser.parse(toCpp(source));
  if (!tree) throw new Error('tree-sitter returned no tree');
  return tree;
}

/** Lints one source text; `file` is the absolute path used for messages and include resolution. */
export async function lintSource(file: string, source: string): Promise<Diagnostic[]> {
  const tree = await parseMql(source);
  const out: Diagnostic[] = [];
  checkNode(file, tree.rootNode, out);
  checkText(file, source, out);
  tree.delete();
  return out;
}

/** Every MQL source under `root` (default: ea/), sorted for stable output. */
export function mqlSources(root = eaRoot): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // The harness holds translated copies (harness/build/gen), which are C++, not shipped MQL.
      if (entry.isDirectory() && !['node_modules', 'tools', 'harness'].includes(entry.name))
        walk(path);
      else if (/\.(mq5|mq4|mqh)$/.test(entry.name)) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

export async function lintFiles(files: string[]): Promise<Diagnostic[]> {
  const all: Diagnostic[] = [];
  for (const file of files) all.push(...(await lintSource(file, readFileSync(file, 'utf8'))));
  return all;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${relative(process.cwd(), d.file)}:${d.line}:${d.column}: ${d.message}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = mqlSources();
  const diagnostics = await lintFiles(files);
  for (const d of diagnostics) console.error(formatDiagnostic(d));
  console.log(`mql-lint: ${files.length} files, ${diagnostics.length} problems`);
  process.exitCode = diagnostics.length > 0 ? 1 : 0;
}
