/**
 * For property tests that break valid input: a copy of `object` with each change applied,
 * a value replacing the field and null removing it (what fast-check's `fc.option` gives).
 */
export function withChanges(
  object: Record<string, unknown>,
  changes: (readonly [string, unknown])[],
): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  for (const [name, value] of changes) {
    if (value === null) delete copy[name];
    else copy[name] = value;
  }
  return copy;
}
