import type { Node } from 'web-tree-sitter';
import { parseMql, toCpp } from '../../tools/mql-lint.ts';

/**
 * The source step: one MQL file (unmodified, as shipped) -> C++ that compiles against
 * ea/harness/runtime/mql.h. MQL is C++-shaped; what differs is rewritten on the tree-sitter
 * syntax tree, keeping every line where it was so `#line` maps compiler errors and runtime
 * messages back to the original file:
 * - `#property` lines are recorded (the build reads `version`) and blanked; `input`/`sinput`
 *   globals lose the keyword and are registered so `--input Name=Value` can set them;
 * - `#include <SignalRelay\X.mqh>` points at the translated copy (forward slashes);
 * - every array declarator (`T x[]`, `T x[N]`, `T &a[]`, members, globals, locals, parameters)
 *   becomes `mql::Array<T>`: dynamic, or fixed with its size;
 * - every string literal becomes an MQL string (`_S("...")`), so `"a" + b` concatenates
 *   instead of doing pointer arithmetic, as it would in C++;
 * - identifiers that are C++ keywords but plain names in MQL are renamed;
 * - free functions are declared at the top of their file (MQL calls functions defined later).
 * Anything the step does not know how to rewrite fails the translation with its place.
 */

export type Translation = {
  cpp: string;
  /** `#property` name -> values, in order (description may repeat). */
  properties: Record<string, string[]>;
  /** Input variables, in declaration order. */
  inputs: string[];
};

type Edit = { start: number; end: number; text: string };

/** C++ keywords that MQL programs may use as names. */
const cppOnlyKeywords = new Set([
  'and',
  'or',
  'not',
  'xor',
  'bitand',
  'bitor',
  'compl',
  'and_eq',
  'or_eq',
  'xor_eq',
  'not_eq',
  'auto',
  'register',
  'typename',
  'namespace',
  'using',
  'export',
  'explicit',
  'friend',
  'mutable',
  'noexcept',
  'nullptr',
  'decltype',
  'constexpr',
  'thread_local',
  'alignas',
  'alignof',
  'char16_t',
  'char32_t',
  'concept',
  'requires',
  'co_await',
  'co_return',
  'co_yield',
  'asm',
  'typeid',
]);

export class TranslateError extends Error {}

function readProperties(source: string, properties: Record<string, string[]>): void {
  for (const m of source.matchAll(/^[ \t]*#[ \t]*property[ \t]+(\w+)[ \t]*(.*)$/gm)) {
    const name = m[1]!;
    const raw = (m[2] ?? '').trim();
    const value = raw.startsWith('"') ? raw.slice(1, raw.lastIndexOf('"')) : raw;
    properties[name] = [...(properties[name] ?? []), value];
  }
}

function inputNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/^[ \t]*s?input[ \t]+[\w:<> ]+?[ \t]+(\w+)[ \t]*(=|;)/gm))
    names.push(m[1]!);
  return names;
}

function where(file: string, node: Node): string {
  return `${file}:${node.startPosition.row + 1}:${node.startPosition.column + 1}`;
}

/** String literals in a macro body, which tree-sitter leaves as raw text. */
function wrapMacroStrings(text: string): string {
  return text.replace(/"(?:[^"\\\n]|\\.)*"/g, (s) => `_S(${s})`);
}

/** `T x[]`-style declarations of one declaration node, rewritten to `mql::Array<T> x`. */
function arrayEdits(file: string, decl: Node, edits: Edit[]): void {
  const arrays = decl.descendantsOfType('array_declarator').filter((a) => {
    // Only declarators of this declaration, not of nested parameter lists.
    for (let p = a?.parent; p && p.id !== decl.id; p = p.parent) {
      if (p.type === 'parameter_list' || p.type === 'compound_statement') return false;
    }
    return true;
  }) as Node[];
  if (arrays.length === 0) return;
  const type = decl.childForFieldName('type');
  if (!type) throw new TranslateError(`${where(file, decl)}: array declaration without a type`);
  const declarators = decl.childrenForFieldName('declarator');
  if (declarators.length > 1)
    throw new TranslateError(
      `${where(file, decl)}: several declarators with an array in one declaration`,
    );
  const array = arrays[0]!;
  const inner = array.childForFieldName('declarator');
  if (!inner || inner.type === 'array_declarator')
    throw new TranslateError(`${where(file, array)}: multi-dimensional arrays are not supported`);
  const size = array.childForFieldName('size');
  const hasInit = array.parent?.type === 'init_declarator';
  edits.push({ start: type.startIndex, end: type.endIndex, text: `mql::Array<${type.text}>` });
  const fixed = size && !hasInit ? `{mql::FixedSize{${size.text}}}` : '';
  edits.push({ start: array.startIndex, end: array.endIndex, text: `${inner.text}${fixed}` });
}

function collectEdits(file: string, node: Node, edits: Edit[]): void {
  switch (node.type) {
    case 'preproc_include': {
      const path = node.childForFieldName('path');
      if (path) {
        const target = path.text.slice(1, -1).replaceAll('\\', '/');
        edits.push({ start: path.startIndex, end: path.endIndex, text: `"${target}"` });
      }
      return;
    }
    case 'preproc_def':
    case 'preproc_function_def': {
      const value = node.childForFieldName('value');
      if (value)
        edits.push({
          start: value.startIndex,
          end: value.endIndex,
          text: wrapMacroStrings(value.text),
        });
      return;
    }
    case 'string_literal':
    case 'concatenated_string':
    case 'raw_string_literal':
      edits.push({ start: node.startIndex, end: node.endIndex, text: `_S(${node.text})` });
      return;
    case 'identifier':
    case 'field_identifier':
      if (cppOnlyKeywords.has(node.text))
        edits.push({ start: node.startIndex, end: node.endIndex, text: `mql_${node.text}` });
      return;
    case 'field_declaration':
    case 'declaration':
    case 'parameter_declaration':
      arrayEdits(file, node, edits);
      break;
    case 'ERROR':
      throw new TranslateError(`${where(file, node)}: MQL the translator cannot parse`);
  }
  for (const child of node.children) if (child) collectEdits(file, child, edits);
}

/** Applies non-overlapping edits; an edit inside an earlier (outer) one is an error. */
function apply(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) continue; // nested in an edit already applied (a literal inside a macro)
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}

/** Whether a function definition sits at file scope (an include guard aside). */
function atFileScope(fn: Node): boolean {
  for (let p = fn.parent; p && p.type !== 'translation_unit'; p = p.parent) {
    const guard =
      p.type === 'preproc_ifdef' && /_MQH$/.test(p.childForFieldName('name')?.text ?? '');
    if (!guard) return false;
  }
  return true;
}

/**
 * MQL lets a program call a function defined further down, even in a file included later;
 * C++ needs a declaration first. Each free function of the file is declared at the file's
 * top (its struct and class names declared beforehand), without its default arguments, which
 * C++ lets the definition add.
 */
function typeDeclarations(root: Node): string[] {
  return root
    .descendantsOfType(['struct_specifier', 'class_specifier'])
    .filter((n): n is Node => !!n && !!n.childForFieldName('body') && !!n.childForFieldName('name'))
    .map(
      (n) =>
        `${n.type === 'class_specifier' ? 'class' : 'struct'} ${n.childForFieldName('name')!.text};`,
    );
}

/** `struct X;` / `class X;` for every structure and class `source` defines. */
export async function declaredTypes(source: string): Promise<string[]> {
  const tree = await parseMql(source);
  try {
    return typeDeclarations(tree.rootNode);
  } finally {
    tree.delete();
  }
}

function prototypes(root: Node, source: string, edits: Edit[]): string[] {
  const decls: string[] = [];
  for (const fn of root.descendantsOfType('function_definition')) {
    if (!fn || !atFileScope(fn)) continue;
    // `int CJsonDoc::Parse(...) {...}`: a member, declared in its class already.
    if (fn.childForFieldName('declarator')?.descendantsOfType('qualified_identifier').length)
      continue;
    const body = fn.childForFieldName('body');
    if (!body) continue;
    const inHead = edits.filter((e) => e.start >= fn.startIndex && e.end <= body.startIndex);
    const defaults = fn
      .descendantsOfType('optional_parameter_declaration')
      .map((p) => p?.childForFieldName('default_value'))
      .filter((v): v is Node => !!v && v.endIndex <= body.startIndex)
      .map((v) => {
        // From the '=' before the value to its end.
        const eq = source.lastIndexOf('=', v.startIndex);
        return { start: eq, end: v.endIndex, text: '' };
      });
    const shift = (e: Edit) => ({
      ...e,
      start: e.start - fn.startIndex,
      end: e.end - fn.startIndex,
    });
    const head = apply(
      source.slice(fn.startIndex, body.startIndex),
      [...inHead, ...defaults].map(shift),
    );
    decls.push(`${head.replace(/\s+/g, ' ').trim()};`);
  }
  return decls;
}

/** Translates one MQL source; `file` is its absolute path (for `#line` and messages). */
export async function translateSource(
  file: string,
  source: string,
  programTypes: string[] = [],
): Promise<Translation> {
  const properties: Record<string, string[]> = {};
  readProperties(source, properties);
  const inputs = inputNames(source);
  const tree = await parseMql(source);
  try {
    const edits: Edit[] = [];
    collectEdits(file, tree.rootNode, edits);
    // parseMql parsed the MQL with #property/input blanked; the same blanking applies here so
    // offsets agree. Newlines are never added, so line numbers stay those of the original.
    const text = toCpp(source);
    const body = apply(text, edits);
    const types = new Set([...programTypes, ...typeDeclarations(tree.rootNode)]);
    const declared = [...types, ...prototypes(tree.rootNode, text, edits)]
      .map((d) => `${d}\n`)
      .join('');
    const registrations = inputs.map((name) => `MQL_INPUT(${name});`).join(' ');
    const cpp = `${declared}#line 1 "${file}"\n${body}${registrations ? `\n${registrations}\n` : ''}`;
    return { cpp, properties, inputs };
  } finally {
    tree.delete();
  }
}
