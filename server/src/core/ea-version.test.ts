import { describe, expect, it } from 'vitest';
import { eaSourceDir } from '../paths.ts';
import { isOlderEaVersion, parseEaVersion, propertyVersion, readEaVersion } from './ea-version.ts';

const file = (version: string, property: string) =>
  `#define SR_EA_VERSION "${version}"\n#define SR_EA_VERSION_PROPERTY "${property}"\n`;

describe('EA version', () => {
  it('reads the shipped release from Version.mqh, its two forms agreeing', async () => {
    const version = await readEaVersion(eaSourceDir);
    expect(version).toBe('1.2.0');
  });

  it('derives the #property form and refuses defines that disagree or are missing', () => {
    expect(propertyVersion('1.1.0')).toBe('1.10');
    expect(propertyVersion('2.0.3')).toBe('2.03');
    expect(() => propertyVersion('1.10.0')).toThrow('one-digit minor and patch');
    expect(parseEaVersion(file('1.2.3', '1.23'))).toBe('1.2.3');
    expect(() => parseEaVersion(file('1.2.0', '1.10'))).toThrow(
      'SR_EA_VERSION_PROPERTY "1.10" does not match SR_EA_VERSION "1.2.0" (expected "1.20")',
    );
    expect(() => parseEaVersion('#define SR_EA_VERSION "1.1.0"\n')).toThrow(
      'must #define SR_EA_VERSION and SR_EA_VERSION_PROPERTY',
    );
  });

  it('says whether a reported EA version is older than the current release', () => {
    expect(isOlderEaVersion('1.0.0', '1.1.0')).toBe(true);
    expect(isOlderEaVersion('1.0.9', '1.1.0')).toBe(true);
    expect(isOlderEaVersion('0.9', '1.1.0')).toBe(true);
    expect(isOlderEaVersion('1.1.0', '1.1.0')).toBe(false);
    expect(isOlderEaVersion('1.1', '1.1.0')).toBe(false);
    expect(isOlderEaVersion('1.2.0', '1.1.0')).toBe(false);
    // Numeric, not text, comparison: 1.10.0 is newer than 1.9.0.
    expect(isOlderEaVersion('1.9.0', '1.10.0')).toBe(true);
    expect(isOlderEaVersion('1.10.0', '1.9.0')).toBe(false);
    // Unknown shapes are never called older.
    expect(isOlderEaVersion('dev', '1.1.0')).toBe(false);
    expect(isOlderEaVersion('', '1.1.0')).toBe(false);
  });
});
