import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as protocol from '@signalrelay/contracts/ea-protocol';
import type { Node } from 'web-tree-sitter';
import { type Diagnostic, eaRoot, formatDiagnostic, mqlSources, parseMql } from './mql-lint.ts';

/**
 * Checks the MQL sources against contracts/src/ea-protocol.ts, the executable form of ea/PROTOCOL.md:
 * - every JSON field name the EAs write or read exists in some protocol schema;
 * - every protocol value the EAs spell out in a `#define` (message types, statuses, positions,
 *   order types, error codes, close codes, the protocol version) is one the schemas allow.
 * Field names are found through the keyed methods of Include/SignalRelay/Json.mqh, whose key
 * argument must be a string literal, so nothing escapes the check.
 */

/** Json.mqh methods taking a field name, and the index of that argument. */
export const keyedMethods: Record<string, number> = {
  OpenArray: 0,
  AddString: 0,
  AddNumber: 0,
  AddLong: 0,
  Child: 1,
  GetString: 1,
  GetNumber: 1,
  GetLong: 1,
  GetBool: 1,
};

/**
 * The shipped MQL EAs speak the newest version the server speaks (the reference EA in bridge/
 * may lag behind: it speaks `protocolVersion`).
 */
const newestVersion = Math.max(...protocol.protocolVersionSchema.values);

/** `#define` prefixes whose string values must be allowed values of a protocol field. */
const valueDefines: [prefix: RegExp, field: string][] = [
  [/^SR_MSG_/, 'type'],
  [/^SR_STATUS_/, 'status'],
  [/^SR_ORDER_STATUS_/, 'status'],
  [/^SR_POS_/, 'position'],
  [/^SR_ORDER_TYPE_/, 'orderType'],
  [/^SR_ERRCODE_/, 'code'],
  [/^SR_RULE_/, 'rule'],
  [/^SR_PLATFORM$/, 'platform'],
];

export interface FieldUse {
  file: string;
  line: number;
  name: string;
}

export interface Define {
  file: string;
  line: number;
  name: string;
  value: string | number;
}

export interface Vocabulary {
  fields: Set<string>;
  /** Allowed literal/enum values per field name, over every schema. */
  values: Map<string, Set<string | number>>;
}

interface ZodLike {
  _zod?: { def: Record<string, unknown> & { type: string } };
}

function isSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function addValues(
  vocab: Vocabulary,
  field: string,
  def: Record<string, unknown> & { type: string },
) {
  const found: (string | number)[] = [];
  if (def.type === 'literal') found.push(...(def.values as (string | number)[]));
  if (def.type === 'enum')
    found.push(...Object.values(def.entries as Record<string, string | number>));
  if (found.length === 0) return;
  const set = vocab.values.get(field) ?? new Set();
  for (const v of found) set.add(v);
  vocab.values.set(field, set);
}

type Seen = WeakMap<object, Set<string>>;

/** Walks a zod 4 schema, collecting object keys and the literal/enum values under each key. */
function walk(schema: unknown, vocab: Vocabulary, field: string | undefined, seen: Seen): void {
  if (!isSchema(schema) || !schema._zod) return;
  // A schema reused under several keys (platformSchema...) is visited once per key.
  const keys = seen.get(schema) ?? new Set<string>();
  if (keys.has(field ?? '')) return;
  keys.add(field ?? '');
  seen.set(schema, keys);
  const def = schema._zod.def;
  if (field) addValues(vocab, field, def);
  const inner = (key: string) => walk(def[key], vocab, field, seen);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        vocab.fields.add(key);
        walk(value, vocab, key, seen);
      }
      break;
    case 'array':
      walk(def.element, vocab, undefined, seen);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, vocab, field, seen);
      break;
    case 'intersection':
      inner('left');
      inner('right');
      break;
    case 'pipe':
      inner('in');
      inner('out');
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), vocab, field, seen);
      break;
    default:
      if ('innerType' in def) inner('innerType');
  }
}

/** Every field name and allowed value of the schemas a protocol module exports. */
export function protocolVocabulary(module: Record<string, unknown> = protocol): Vocabulary {
  const vocab: Vocabulary = { fields: new Set(), values: new Map() };
  const seen: Seen = new WeakMap();
  for (const value of Object.values(module)) walk(value, vocab, undefined, seen);
  return vocab;
}

function stringLiteral(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'string_literal') return undefined;
  const text = node.text;
  return /^"[^"\\]*"$/.test(text) ? text.slice(1, -1) : undefined;
}

function visit(node: Node, fn: (node: Node) => void): void {
  fn(node);
  for (const child of node.children) if (child) visit(child, fn);
}

/** Field names passed to the keyed Json.mqh methods, plus problems (non-literal names). */
export async function extractFields(
  file: string,
  source: string,
): Promise<{ uses: FieldUse[]; problems: Diagnostic[] }> {
  const tree = await parseMql(source);
  const uses: FieldUse[] = [];
  const problems: Diagnostic[] = [];
  visit(tree.rootNode, (node) => {
    if (node.type !== 'call_expression') return;
    const fn = node.childForFieldName('function');
    if (fn?.type !== 'field_expression') return;
    const method = fn.childForFieldName('field')?.text ?? '';
    const index = keyedMethods[method];
    if (index === undefined) return;
    const arg = node.childForFieldName('arguments')?.namedChildren[index];
    const line = node.startPosition.row + 1;
    const name = stringLiteral(arg);
    if (name === undefined) {
      problems.push({
        file,
        line,
        column: node.startPosition.column + 1,
        message: `${method}(): the field name must be a plain string literal so the protocol check can read it`,
      });
    } else {
      uses.push({ file, line, name });
    }
  });
  tree.delete();
  return { uses, problems };
}

/** `#define NAME "text"` and `#define NAME 123` of a source. */
export async function extractDefines(file: string, source: string): Promise<Define[]> {
  const tree = await parseMql(source);
  const defines: Define[] = [];
  visit(tree.rootNode, (node) => {
    if (node.type !== 'preproc_def') return;
    const name = node.childForFieldName('name')?.text ?? '';
    const raw = node.childForFieldName('value')?.text.trim() ?? '';
    const text = /^"([^"\\]*)"$/.exec(raw);
    const value = text ? text[1] : /^\d+$/.test(raw) ? Number(raw) : undefined;
    if (value !== undefined) defines.push({ file, line: node.startPosition.row + 1, name, value });
  });
  tree.delete();
  return defines;
}

/**
 * The public methods of Json.mqh's classes that take a field name (a `const string key`
 * parameter), so a keyed method added there without joining `keyedMethods` is caught.
 */
export function declaredKeyedMethods(jsonMqh: string): string[] {
  const publicParts = jsonMqh
    .split('public:')
    .slice(1)
    .map((part) => part.split(/\n\s*};/)[0] ?? '');
  return publicParts.flatMap((part) =>
    [...part.matchAll(/(\w+)\((?:const int \w+, )?const string key\b/g)].map((m) => m[1] ?? ''),
  );
}

export interface SourceText {
  file: string;
  source: string;
}

export async function checkProtocolFields(
  sources: SourceText[],
  vocab: Vocabulary = protocolVocabulary(),
): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const at = (d: { file: string; line: number }, message: string) =>
    out.push({ file: d.file, line: d.line, column: 1, message });
  for (const { file, source } of sources) {
    const { uses, problems } = await extractFields(file, source);
    out.push(...problems);
    for (const use of uses) {
      if (!vocab.fields.has(use.name)) {
        at(use, `field "${use.name}" is not in contracts/src/ea-protocol.ts (ea/PROTOCOL.md)`);
      }
    }
    for (const d of await extractDefines(file, source)) {
      if (d.name === 'SR_PROTOCOL_VERSION' && d.value !== newestVersion) {
        at(
          d,
          `SR_PROTOCOL_VERSION is ${d.value}, the newest in ea-protocol.ts is ${newestVersion}`,
        );
      }
      if (
        /^SR_CLOSE_/.test(d.name) &&
        !Object.values(protocol.closeCodes).includes(d.value as never)
      ) {
        at(d, `${d.name} = ${d.value} is not one of ea-protocol.ts closeCodes`);
      }
      if (d.name === 'SR_REPORT_BATCH' && Number(d.value) > protocol.maxOrdersPerReport) {
        at(
          d,
          `SR_REPORT_BATCH = ${d.value} exceeds maxOrdersPerReport (${protocol.maxOrdersPerReport})`,
        );
      }
      const rule = valueDefines.find(([prefix]) => prefix.test(d.name));
      if (!rule) continue;
      const allowed = vocab.values.get(rule[1]);
      if (!allowed?.has(d.value)) {
        at(d, `${d.name} = "${d.value}" is not an allowed value of "${rule[1]}" in ea-protocol.ts`);
      }
    }
  }
  return out;
}

export function readSources(files = mqlSources()): SourceText[] {
  return files.map((file) => ({ file, source: readFileSync(file, 'utf8') }));
}

export const jsonMqhPath = join(eaRoot, 'Include', 'SignalRelay', 'Json.mqh');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sources = readSources();
  const diagnostics = await checkProtocolFields(sources);
  const declared = declaredKeyedMethods(readFileSync(jsonMqhPath, 'utf8'));
  for (const name of declared.filter((m) => !(m in keyedMethods))) {
    diagnostics.push({
      file: jsonMqhPath,
      line: 1,
      column: 1,
      message: `${name} takes a key but is not in keyedMethods`,
    });
  }
  for (const d of diagnostics) console.error(formatDiagnostic(d));
  console.log(`protocol-fields: ${sources.length} files, ${diagnostics.length} problems`);
  process.exitCode = diagnostics.length > 0 ? 1 : 0;
}
