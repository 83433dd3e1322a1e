import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { probeHostForFile } from './test/fake-host.ts';

/**
 * Files in the terminal's sandbox: MQL's flags and text encodings, Windows' sharing rules (also
 * between two EA processes of one terminal), FileMove's FILE_REWRITE, and names that would
 * leave the folder.
 */
const host = probeHostForFile();

/** What the host says is free on the Files folder's disk (TERMINAL_DISK_SPACE), in MB. */
let freeMb = 51_200;
beforeEach(() => {
  freeMb = 51_200;
  host().handlers = {
    TerminalInfoInteger: ([property]) => ({ ret: property === 'TERMINAL_DISK_SPACE' ? freeMb : 0 }),
  };
});

describe('files', () => {
  it('reads and writes text in the files folder, with MQL error codes', async () => {
    const run = host().run({ Scenario: 'files' });
    await run.line(/^ready$/);
    expect(run.texts()).toEqual([
      'scenario files',
      'folder true',
      'line one',
      'line zwei ü',
      'line three',
      'shared while exclusive -1 5004',
      'two readers true writer -1 5004',
      'escape -1 5002',
      'absolute -1 5002',
      'move true false true',
      'no rewrite false 5020',
      'rewrite true',
      'unicode hi',
      'folders made true',
      'ready',
    ]);
    const probe = path.join(host().filesDir, 'probe');
    // FILE_WRITE alone empties the file; the moved-over b.txt is the new empty a.txt.
    expect(readFileSync(path.join(probe, 'b.txt'), 'utf8')).toBe('');
    expect(existsSync(path.join(probe, 'a.txt'))).toBe(false);
    // Without FILE_ANSI text is UTF-16LE with a byte order mark.
    expect([...readFileSync(path.join(probe, 'u.txt'))]).toEqual([
      0xff, 0xfe, 0x68, 0, 0x69, 0, 0x0d, 0, 0x0a, 0,
    ]);
    expect(readFileSync(path.join(host().commonDir, 'common.txt'), 'utf8')).toBe(
      'shared by terminals',
    );
    expect(existsSync(path.join(host().filesDir, '..', 'escape.txt'))).toBe(false);
  });

  it('refuses a file another EA process holds without sharing it', async () => {
    const holder = host().run({ Scenario: 'hold' });
    await holder.line(/^ready$/);
    expect(holder.texts()).toContain('holding true');
    const other = host().run({ Scenario: 'contend' });
    await other.line(/^ready$/);
    expect(other.texts()).toContain('contend -1 5004');
    holder.send({ event: 'deinit', reason: 'REASON_REMOVE' });
    expect(await holder.exited).toEqual({ code: 0, signal: null });
    const after = host().run({ Scenario: 'contend' });
    await after.line(/^ready$/);
    expect(after.texts()).toContainEqual(expect.stringMatching(/^contend [1-9]\d* 0$/));
  });

  it('on a full disk a file opens, and every write to it fails with 5026', async () => {
    freeMb = 0;
    const run = host().run({ Scenario: 'diskfull' });
    await run.line(/^ready$/);
    expect(run.texts()).toContain('full disk true 0 5026');
    expect(readFileSync(path.join(host().filesDir, 'probe', 'full.txt'), 'utf8')).toBe('');
  });
});
