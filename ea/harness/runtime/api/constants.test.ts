import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, headerFile, jsonFile, readGroups } from './gen-constants.ts';

describe('runtime constants', () => {
  it('constants.h is what constants.json generates (run gen-constants.ts after editing the JSON)', () => {
    expect(readFileSync(headerFile, 'utf8')).toBe(generate(readFileSync(jsonFile, 'utf8')));
  });

  it('refuses a name defined twice, which the host could not read back', () => {
    const twice = JSON.stringify({ A: { X_ONE: 1 }, B: { X_ONE: 2 } });
    expect(() => readGroups(twice)).toThrow('X_ONE is in both A and B');
  });

  it('refuses a value that is not an integer', () => {
    expect(() => readGroups(JSON.stringify({ A: { X_ONE: '1' } }))).toThrow(
      'A.X_ONE must be an integer',
    );
  });
});
