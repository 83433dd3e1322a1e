import { fileURLToPath } from 'node:url';

/**
 * constants.json -> constants.h. The JSON file is the single source of MQL's constants: the
 * host (TypeScript) reads it at run time, and `npm run build:mql` (build.ts) writes the header
 * this makes into build/gen/runtime before it compiles the C++ runtime, so the header is never
 * edited nor committed.
 *
 * Groups named ENUM_* become C++ enums of that name (MQL enums are distinct types that convert
 * to int); the others become constexpr constants of `$type` (int by default). `$platform`
 * wraps a group in #ifdef __MQL4__ / __MQL5__; `$undefine` (SEEK_SET...) #undefs C library macros
 * of the same names first, so a .cpp includes its system headers before mql.h. Every constant also lands in mql::constants,
 * the table the terminal layer uses to send enum arguments by name and read enum fields back.
 */
export const jsonFile = fileURLToPath(new URL('../constants.json', import.meta.url));
export const headerFile = fileURLToPath(
  new URL('../../build/gen/runtime/constants.h', import.meta.url),
);

type Group = {
  name: string;
  platform?: 'mt4' | 'mt5';
  type: string;
  undefine: boolean;
  entries: [string, number][];
};

const cppTypes: Record<string, string> = {
  int: 'int',
  uint: 'unsigned int',
  color: 'unsigned int',
};
const macro = { mt4: '__MQL4__', mt5: '__MQL5__' } as const;

export function readGroups(text: string): Group[] {
  const root = JSON.parse(text) as Record<string, unknown>;
  const groups: Group[] = [];
  for (const [name, body] of Object.entries(root)) {
    if (name.startsWith('$')) continue;
    if (body === null || typeof body !== 'object')
      throw new Error(`constants.json: ${name} must be an object of NAME: number`);
    const group: Group = { name, type: 'int', undefine: false, entries: [] };
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key === '$platform') {
        if (value !== 'mt4' && value !== 'mt5')
          throw new Error(`constants.json: ${name}.$platform must be "mt4" or "mt5"`);
        group.platform = value;
      } else if (key === '$type') {
        if (typeof value !== 'string' || !cppTypes[value])
          throw new Error(`constants.json: ${name}.$type must be one of ${Object.keys(cppTypes)}`);
        group.type = value;
      } else if (key === '$undefine') {
        group.undefine = true;
      } else if (key === '$note' || key === '$comment') {
        // documentation only
      } else if (typeof value === 'number' && Number.isInteger(value)) {
        group.entries.push([key, value]);
      } else {
        throw new Error(`constants.json: ${name}.${key} must be an integer`);
      }
    }
    groups.push(group);
  }
  const seen = new Map<string, string>();
  for (const g of groups)
    for (const [key] of g.entries) {
      if (seen.has(key))
        throw new Error(`constants.json: ${key} is in both ${seen.get(key)} and ${g.name}`);
      seen.set(key, g.name);
    }
  return groups;
}

function literal(type: string, value: number): string {
  return type === 'int' ? String(value) : `${value}u`;
}

function declare(g: Group): string[] {
  const undefine = g.undefine ? g.entries.map(([k]) => `#undef ${k}`) : [];
  return [...undefine, ...declaration(g)];
}

function declaration(g: Group): string[] {
  if (g.name.startsWith('ENUM_')) {
    const body = g.entries.map(([k, v]) => `  ${k} = ${v},`);
    return [`enum ${g.name} : int {`, ...body, '};'];
  }
  const type = cppTypes[g.type]!;
  return g.entries.map(([k, v]) => `constexpr ${type} ${k} = ${literal(g.type, v)};`);
}

function guarded(g: Group, lines: string[]): string[] {
  return g.platform ? [`#ifdef ${macro[g.platform]}`, ...lines, '#endif'] : lines;
}

export function generate(text: string): string {
  const groups = readGroups(text);
  const out = [
    '// Generated from ea/harness/runtime/constants.json by runtime/api/gen-constants.ts.',
    '// Do not edit: change the JSON file and run `npm run build:mql`.',
    '#pragma once',
    '',
  ];
  for (const g of groups) out.push(`// ${g.name}`, ...guarded(g, declare(g)), '');
  out.push(
    'namespace mql {',
    '',
    '// Every constant by group, for the host protocol (enum arguments travel by name).',
    'struct Constant {',
    '  const char *group;',
    '  const char *name;',
    '  long long value;',
    '};',
    '',
    'inline constexpr Constant constants[] = {',
  );
  for (const g of groups)
    out.push(
      ...guarded(
        g,
        g.entries.map(([k, v]) => `    {"${g.name}", "${k}", ${v}LL},`),
      ),
    );
  out.push('};', '', '}  // namespace mql', '');
  return out.join('\n');
}
