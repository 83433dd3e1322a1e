import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signalSchema } from '@signalrelay/contracts/ea-protocol';
import { describe, expect, it } from 'vitest';
import { eaRoot, formatDiagnostic } from './mql-lint.ts';
import {
  checkProtocolFields,
  declaredKeyedMethods,
  extractFields,
  jsonMqhPath,
  keyedMethods,
  protocolVocabulary,
  readSources,
  type SourceText,
} from './protocol-fields.ts';

const include = join(eaRoot, 'Include', 'SignalRelay');

/** All sources, with `file`'s text replaced by `edit(text)`. */
function withEdit(file: string, edit: (source: string) => string): SourceText[] {
  return readSources().map((s) => {
    if (s.file !== file) return s;
    const source = edit(s.source);
    expect(source).not.toBe(s.source);
    return { file, source };
  });
}

describe('protocol field check', () => {
  it('passes: every field the EAs send or read is in contracts/src/ea-protocol.ts', async () => {
    const diagnostics = await checkProtocolFields(readSources());
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
  });

  it('sees the fields of every message the EAs build or read', async () => {
    const names = new Set<string>();
    for (const { file, source } of readSources()) {
      for (const use of (await extractFields(file, source)).uses) names.add(use.name);
    }
    // hello, poll body, result, signal, welcome, orders report: a sample of each.
    for (const name of [
      'licenseNumber',
      'terminalBuild',
      'received',
      'results',
      'executedAt',
      'ttlMs',
    ]) {
      expect(names).toContain(name);
    }
    for (const name of [
      'breakEvenPips',
      'heartbeatMs',
      'waitMs',
      'signals',
      'orders',
      'magicNumber',
      'closeTime',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('fails on an injected unknown field, naming file and line', async () => {
    const protocolMqh = join(include, 'Protocol.mqh');
    const sources = withEdit(protocolMqh, (s) =>
      s.replace('w.AddString("broker", id.broker);', 'w.AddString("brokerName", id.broker);'),
    );
    const source = sources.find((s) => s.file === protocolMqh)?.source ?? '';
    const diagnostics = await checkProtocolFields(sources);
    expect(diagnostics).toEqual([
      {
        file: protocolMqh,
        line: source.split('\n').findIndex((l) => l.includes('"brokerName"')) + 1,
        column: 1,
        message: 'field "brokerName" is not in contracts/src/ea-protocol.ts (ea/PROTOCOL.md)',
      },
    ]);
  });

  // What the check sees, the include edited to show it (from -> to), and its one message.
  it.each([
    [
      'an unknown field that the EA reads',
      'Signal.mqh',
      'doc.GetNumber(node, "slpoint")',
      'doc.GetNumber(node, "stopLossPoints")',
      'field "stopLossPoints" is not in contracts/src/ea-protocol.ts (ea/PROTOCOL.md)',
    ],
    [
      'a field name that is not a string literal it can read',
      'Tracker.mqh',
      'w.AddString("symbol", r.symbol);',
      'w.AddString(r.symbol, r.symbol);',
      'AddString(): the field name must be a plain string literal so the protocol check can read it',
    ],
  ])('fails on %s', async (_what, file, from, to, message) => {
    const sources = withEdit(join(include, file), (s) => s.replace(from, to));
    const diagnostics = await checkProtocolFields(sources);
    expect(diagnostics.map((d) => d.message)).toEqual([message]);
  });

  it('fails on protocol values the schemas do not allow', async () => {
    const protocolMqh = join(include, 'Protocol.mqh');
    const sources = withEdit(protocolMqh, (s) =>
      s
        .replace('#define SR_MSG_HELLO    "hello"', '#define SR_MSG_HELLO    "helo"')
        .replace('#define SR_STATUS_SKIPPED "skipped"', '#define SR_STATUS_SKIPPED "skip"')
        .replace('#define SR_CLOSE_LICENSE_INVALID 4401', '#define SR_CLOSE_LICENSE_INVALID 4403')
        .replace('#define SR_PROTOCOL_VERSION 3', '#define SR_PROTOCOL_VERSION 4'),
    );
    const messages = (await checkProtocolFields(sources)).map((d) => d.message);
    expect(messages).toEqual([
      'SR_PROTOCOL_VERSION is 4, the newest in ea-protocol.ts is 3',
      'SR_MSG_HELLO = "helo" is not an allowed value of "type" in ea-protocol.ts',
      'SR_CLOSE_LICENSE_INVALID = 4403 is not one of ea-protocol.ts closeCodes',
      'SR_STATUS_SKIPPED = "skip" is not an allowed value of "status" in ea-protocol.ts',
    ]);
  });

  it('reads the vocabulary from the zod schemas themselves', () => {
    const vocab = protocolVocabulary();
    expect(vocab.fields).toContain('heartbeatMs');
    expect(vocab.fields).not.toContain('brokerName');
    expect([...(vocab.values.get('platform') ?? [])].sort()).toEqual(['mt4', 'mt5']);
    expect(vocab.values.get('type')).toContain('welcome');
  });

  it('checks against whatever the schemas hold: without the result schema, result fields fail', async () => {
    const onlySignal = protocolVocabulary({ signalSchema });
    const messages = (await checkProtocolFields(readSources(), onlySignal)).map((d) => d.message);
    expect(messages).toContain(
      'field "executedAt" is not in contracts/src/ea-protocol.ts (ea/PROTOCOL.md)',
    );
    expect(messages).not.toContain(
      'field "ttlMs" is not in contracts/src/ea-protocol.ts (ea/PROTOCOL.md)',
    );
  });

  it('knows every keyed method Json.mqh offers', () => {
    const declared = declaredKeyedMethods(readFileSync(jsonMqhPath, 'utf8'));
    expect(declared.sort()).toEqual(Object.keys(keyedMethods).sort());
  });
});
