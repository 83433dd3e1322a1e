import { describe, expect, it } from 'vitest';
import { generate, readGroups } from './gen-constants.ts';

describe('runtime constants', () => {
  // The header build.ts writes from constants.json, for a JSON file of each kind of group.
  const header = generate(
    JSON.stringify({
      ENUM_ONE: { ONE_A: 0, ONE_B: 2 },
      MT5_FLAGS: { $platform: 'mt5', $type: 'uint', FLAG_X: 4 },
      ENUM_FILE_POSITION: { $undefine: true, SEEK_SET: 0 },
    }),
  );

  it('an ENUM_ group is a C++ enum of that name; another group constexpr constants of its $type', () => {
    expect(header).toContain('enum ENUM_ONE : int {\n  ONE_A = 0,\n  ONE_B = 2,\n};');
    expect(header).toContain('#ifdef __MQL5__\nconstexpr unsigned int FLAG_X = 4u;\n#endif');
  });

  it('$undefine #undefs the C library macros of the same names before declaring them', () => {
    expect(header).toContain('#undef SEEK_SET\nenum ENUM_FILE_POSITION : int {');
  });

  it('every constant is in mql::constants by group, inside its platform guard', () => {
    expect(header).toContain(
      [
        'inline constexpr Constant constants[] = {',
        '    {"ENUM_ONE", "ONE_A", 0LL},',
        '    {"ENUM_ONE", "ONE_B", 2LL},',
        '#ifdef __MQL5__',
        '    {"MT5_FLAGS", "FLAG_X", 4LL},',
        '#endif',
        '    {"ENUM_FILE_POSITION", "SEEK_SET", 0LL},',
        '};',
      ].join('\n'),
    );
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
