import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The MQL constants (ea/harness/runtime/constants.json, the single source the C++ runtime is
 * generated from too): enum arguments arrive as their names, and enum-valued properties go
 * back as the numbers the EA compares with. The file may group names (objects of objects);
 * every leaf `NAME: number` counts.
 */
const file = fileURLToPath(new URL('../runtime/constants.json', import.meta.url));

let table: Map<string, number> | undefined;

function load(): Map<string, number> {
  if (table) return table;
  if (!existsSync(file))
    throw new Error(`host: ${file} is missing (the runtime's constants; run npm run build:mql)`);
  const values = new Map<string, number>();
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'number') values.set(key, value);
      else if (typeof value === 'boolean') values.set(key, value ? 1 : 0);
      else walk(value);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  table = values;
  return values;
}

/** The value of an MQL constant; a name the runtime does not define is the host's bug. */
export function mql(name: string): number {
  const value = load().get(name);
  if (value === undefined) throw new Error(`host: constants.json has no ${name}`);
  return value;
}

/**
 * An enum argument as one of `names`: MQL5 enums arrive by name, MQL4's int constants (OP_BUY,
 * SELECT_BY_POS, MODE_ASK ...) may arrive as numbers, so both are read back to the name.
 */
export function enumName<T extends string>(arg: unknown, names: readonly T[], what: string): T {
  if (typeof arg === 'string' && (names as readonly string[]).includes(arg)) return arg as T;
  if (typeof arg === 'number') {
    const match = names.filter((n) => load().get(n) === arg);
    if (match.length === 1) return match[0]!;
  }
  throw new Error(`host: ${what} got ${JSON.stringify(arg)}, expected one of ${names.join(', ')}`);
}
