import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eaRoot, formatDiagnostic, lintFiles, lintSource, mqlSources, toCpp } from './mql-lint.ts';

const include = join(eaRoot, 'Include', 'SignalRelay');
const jsonMqh = join(include, 'Json.mqh');

/** Lints `file` as if `edit` had been applied to its text. */
async function lintEdited(file: string, edit: (source: string) => string) {
  const source = readFileSync(file, 'utf8');
  const edited = edit(source);
  expect(edited).not.toBe(source);
  return lintSource(file, edited);
}

function lineOf(source: string, needle: string): number {
  const index = source.indexOf(needle);
  expect(index).toBeGreaterThanOrEqual(0);
  return source.slice(0, index).split('\n').length;
}

describe('mql-lint', () => {
  it('finds every EA source and passes them all', async () => {
    const files = mqlSources();
    const names = files.map((f) => f.slice(eaRoot.length + 1).replaceAll('\\', '/'));
    expect(names).toEqual(
      expect.arrayContaining([
        'SignalRelay.mq5',
        'SignalRelay.mq4',
        'OrderTracker.mq5',
        'OrderTracker.mq4',
        'Include/SignalRelay/Platform.mqh',
        'Include/SignalRelay/Transport/WebSocket.mqh',
      ]),
    );
    const diagnostics = await lintFiles(files);
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
  });

  it('fails on an injected syntax error, naming its line', async () => {
    const source = readFileSync(jsonMqh, 'utf8');
    const needle = 'm_out += ",";';
    const diagnostics = await lintEdited(jsonMqh, (s) => s.replace(needle, 'm_out += ",";)'));
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics[0]?.line).toBe(lineOf(source, needle));
    expect(diagnostics[0]?.message).toMatch(/syntax error/);
  });

  it('fails on a missing semicolon', async () => {
    const diagnostics = await lintEdited(jsonMqh, (s) =>
      s.replace('int               m_depth;', 'int               m_depth'),
    );
    expect(diagnostics.map((d) => d.message)).toContain("syntax error: missing ';'");
  });

  it('keeps positions while blanking MQL-only tokens', () => {
    const mql =
      "input color Line = C'255,0,0';\nsinput datetime Start = D'2024.01.01 00:00';\n#property strict\n";
    const cpp = toCpp(mql);
    expect(cpp).toHaveLength(mql.length);
    expect(cpp.split('\n').map((l) => l.length)).toEqual(mql.split('\n').map((l) => l.length));
    expect(cpp).not.toMatch(/\binput\b|\bsinput\b|C'|D'|#property/);
  });

  it('parses MQL declarations the EAs rely on', async () => {
    const source = [
      '#include <SignalRelay\\Version.mqh>',
      '#property version SR_EA_VERSION_PROPERTY',
      '#property strict',
      'input string LicenseNumber = ""; // License',
      "input color Shade = C'10,20,30';",
      'struct S { string id; void CopyFrom(const S &o) { id = o.id; } };',
      'int Read(uchar &buf[], const uint maxlen) { return ArrayCopy(buf, buf, 0, 0, (int)maxlen); }',
      'void OnInit() { MqlTradeRequest req = {}; ulong k = (ulong)1 << 40; S items[]; ArrayResize(items, 2); }',
    ].join('\n');
    expect(await lintSource(join(eaRoot, 'Sample.mq4'), source)).toEqual([]);
  });

  it('enforces the EA rules: no Sleep, no SocketRead timeout 0, no DLL imports', async () => {
    const file = join(include, 'Sample.mqh');
    const source = [
      'void F(int h, uchar &b[]) {',
      '  Sleep(100);',
      '  SocketRead(h, b, 10, 0);',
      '  SocketRead(h, b, 10, 1);',
      '}',
      '#import "user32.dll"',
      'int MessageBoxW(int h, string t, string c, int f);',
      '#import',
    ].join('\n');
    const messages = (await lintSource(file, source)).map((d) => `${d.line}: ${d.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^2: Sleep\(\)/),
      expect.stringMatching(/^3: SocketRead with timeout 0/),
      expect.stringMatching(/^6: DLL imports are not allowed/),
      expect.stringMatching(/^8: DLL imports are not allowed/),
    ]);
  });

  it('keeps platform switches in Platform.mqh', async () => {
    const diagnostics = await lintEdited(join(include, 'Symbols.mqh'), (s) =>
      s.replace('string g_srSymbolFrom[];', '#ifdef __MQL4__\nstring g_srSymbolFrom[];\n#endif'),
    );
    expect(diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /__MQL4__: platform switches belong in Include\/SignalRelay\/Platform\.mqh/,
      ),
    ]);
  });

  it('requires #property version, #property strict on MQL4, ASCII text and resolvable includes', async () => {
    const relay4 = join(eaRoot, 'SignalRelay.mq4');
    const noStrict = await lintEdited(relay4, (s) => s.replace('#property strict\n', ''));
    expect(noStrict.map((d) => d.message)).toEqual([
      '#property strict is required in MQL4 sources',
    ]);

    const versionRule = expect.stringMatching(
      /#property version SR_EA_VERSION_PROPERTY is required/,
    );
    const noVersion = await lintEdited(relay4, (s) => s.replace(/#property version.*\n/, ''));
    expect(noVersion.map((d) => d.message)).toEqual([versionRule]);
    const literal = await lintEdited(relay4, (s) => s.replace('SR_EA_VERSION_PROPERTY', '"1.10"'));
    expect(literal.map((d) => d.message)).toEqual([versionRule]);

    const accented = await lintEdited(relay4, (s) =>
      s.replace('// License number', '// License n\u00b0'),
    );
    expect(accented.map((d) => d.message)).toEqual(['non-ASCII character: keep MQL sources ASCII']);

    const badInclude = await lintEdited(relay4, (s) =>
      s.replace('SignalRelay\\Relay.mqh', 'SignalRelay\\Relai.mqh'),
    );
    expect(badInclude.map((d) => d.message)).toEqual([expect.stringMatching(/does not resolve/)]);
  });
});
