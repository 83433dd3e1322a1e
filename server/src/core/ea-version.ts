import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The EA release version. `ea/Include/SignalRelay/Version.mqh` is its one source: the EAs
 * compile it in, and the server reads it here (the Downloads tab shows it; a terminal whose EA
 * reports an older one is out of date).
 */

/** Where the version lives, relative to the `ea/` folder. */
export const eaVersionFile = path.join('Include', 'SignalRelay', 'Version.mqh');

function define(text: string, name: string): string | undefined {
  return new RegExp(`^[ \\t]*#define[ \\t]+${name}[ \\t]+"([^"]*)"`, 'm').exec(text)?.[1];
}

/**
 * `#property version` accepts only "major.minor", so Version.mqh writes the release a second
 * time with minor and patch as one number: 1.1.0 is "1.10". Single digits keep that reversible.
 */
export function propertyVersion(version: string): string {
  const match = /^(\d+)\.(\d)\.(\d)$/.exec(version);
  if (!match)
    throw new Error(
      `EA version "${version}" is not major.minor.patch with one-digit minor and patch`,
    );
  return `${match[1]}.${match[2]}${match[3]}`;
}

/**
 * The release Version.mqh declares, e.g. "1.1.0". Throws when a define is missing or the two
 * disagree: the EAs' About tab would then name another release than the one they report.
 */
export function parseEaVersion(text: string): string {
  const version = define(text, 'SR_EA_VERSION');
  const property = define(text, 'SR_EA_VERSION_PROPERTY');
  if (!version || !property) {
    throw new Error(`${eaVersionFile} must #define SR_EA_VERSION and SR_EA_VERSION_PROPERTY`);
  }
  if (propertyVersion(version) !== property) {
    throw new Error(
      `${eaVersionFile}: SR_EA_VERSION_PROPERTY "${property}" does not match SR_EA_VERSION "${version}" (expected "${propertyVersion(version)}")`,
    );
  }
  return version;
}

/** Reads the release version from the `ea/` folder `sourceDir`. */
export async function readEaVersion(sourceDir: string): Promise<string> {
  return parseEaVersion(await readFile(path.join(sourceDir, eaVersionFile), 'latin1'));
}

function parts(version: string): number[] | null {
  return /^\d+(\.\d+)*$/.test(version) ? version.split('.').map(Number) : null;
}

/**
 * Whether an EA reporting `reported` (its SR_EA_VERSION, e.g. "1.0.0") is older than the
 * `current` release. Missing parts count as 0 ("1.1" equals "1.1.0"). A version that is not
 * dotted numbers is not called older: we cannot tell, and a wrong "please update" is worse
 * than none.
 */
export function isOlderEaVersion(reported: string, current: string): boolean {
  const a = parts(reported.trim());
  const b = parts(current.trim());
  if (!a || !b) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff < 0;
  }
  return false;
}
