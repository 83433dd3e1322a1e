import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { downloadsManifestSchema } from '@signalrelay/contracts/downloads';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { eaSourceDir } from '../../paths.ts';
import { loadDownloads } from './downloads-manifest.ts';

const versionFile = path.join(eaSourceDir, 'Include', 'SignalRelay', 'Version.mqh');

/** The release as a trader would read it in Version.mqh, found line by line. */
async function releaseVersion(): Promise<string> {
  const text = await readFile(versionFile, 'latin1');
  const line = text.split('\n').find((l) => l.startsWith('#define SR_EA_VERSION '));
  return line?.split('"')[1] ?? 'missing';
}

const platforms = [
  { platform: 'mt5', mql: 'MQL5', entries: ['SignalRelay.mq5', 'OrderTracker.mq5'] },
  { platform: 'mt4', mql: 'MQL4', entries: ['SignalRelay.mq4', 'OrderTracker.mq4'] },
] as const;

/** Every file under ea/Include/SignalRelay, as zip paths under `<mql>/Include`. */
async function includePaths(mql: string): Promise<string[]> {
  const root = path.join(eaSourceDir, 'Include', 'SignalRelay');
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .map((p) => `${mql}/Include/SignalRelay/${p}`);
}

async function getZip(t: TestApp, platform: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/downloads/SignalRelay-${platform}.zip`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return { response, zip: unzipSync(new Uint8Array(response.rawPayload)) };
}

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'signalrelay-downloads-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

describe('downloads without compiled EAs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EA_RELEASE_DIR: path.join(await tempDir(), 'not-there') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the release version, a sources-only zip per platform and the four EAs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/downloads' });
    expect(response.statusCode).toBe(200);
    const manifest = downloadsManifestSchema.parse(response.json());
    const version = await releaseVersion();
    expect(version).toBe('1.2.0');
    expect(manifest.version).toBe(version);
    expect(manifest.packages.map(({ bytes: _, ...p }) => p)).toEqual(
      platforms.map(({ platform }) => ({
        platform,
        url: `/downloads/SignalRelay-${platform}.zip`,
        fileName: `SignalRelay-${version}-${platform}.zip`,
        compiled: [],
      })),
    );
    expect(manifest.downloads.map((d) => [d.id, d.name, d.fileType, d.binary])).toEqual([
      ['SignalRelay-mt5', 'MT5 Expert Advisor', '.ex5', null],
      ['OrderTracker-mt5', 'MT5 OrderTracker EA', '.ex5', null],
      ['SignalRelay-mt4', 'MT4 Expert Advisor', '.ex4', null],
      ['OrderTracker-mt4', 'MT4 OrderTracker EA', '.ex4', null],
    ]);
  });

  it('zips both EAs of a platform laid out as the terminal data folder, with an install note', async () => {
    const version = await releaseVersion();
    for (const { platform, mql, entries } of platforms) {
      const includes = await includePaths(mql);
      expect(includes).toContain(`${mql}/Include/SignalRelay/Transport/WebSocket.mqh`);
      expect(includes).toContain(`${mql}/Include/SignalRelay/Version.mqh`);
      const { response, zip } = await getZip(t, platform);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="SignalRelay-${version}-${platform}.zip"`,
      );
      expect(Object.keys(zip).sort()).toEqual(
        [
          'SignalRelay-INSTALL.txt',
          ...entries.map((e) => `${mql}/Experts/${e}`),
          ...includes,
        ].sort(),
      );
      for (const entry of entries) {
        const original = await readFile(path.join(eaSourceDir, entry));
        expect(Buffer.from(zip[`${mql}/Experts/${entry}`] ?? [])).toEqual(original);
      }
      const relay = await readFile(path.join(eaSourceDir, 'Include/SignalRelay/Relay.mqh'));
      expect(Buffer.from(zip[`${mql}/Include/SignalRelay/Relay.mqh`] ?? [])).toEqual(relay);

      const note = text(zip['SignalRelay-INSTALL.txt']);
      expect(note).toContain(`SignalRelay ${version} for MetaTrader ${platform.at(-1)}`);
      expect(note).toContain('source files only');
      expect(note).toContain('File > Open Data Folder and extract this archive there');
      expect(note).toContain(`open Experts\\${entries[0]} and press F7 (Compile)`);
      expect(note).toContain(`Do the same for Experts\\${entries[1]}`);
      expect(note).toContain(`allow WebRequest for ${t.deps.config.publicUrl}`);
      expect(note).toContain(`${t.deps.config.publicUrl}/docs/install-mt4-5`);
      expect(note).toContain('\r\n');
    }
  });

  it('answers a compiled file that is not built with a JSON 404 naming the zip', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/SignalRelay.ex5',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toContain('/downloads/SignalRelay-mt5.zip');
  });
});

describe('downloads with a release folder', () => {
  let t: TestApp;
  const fakeEx5 = Buffer.from([0x45, 0x58, 0x35, 0x00, 0xff, 0x10, 0x20, 0x30, 0x0d, 0x0a]);
  beforeAll(async () => {
    const releaseDir = await tempDir();
    await writeFile(path.join(releaseDir, 'SignalRelay.ex5'), fakeEx5);
    t = await createTestApp({ EA_RELEASE_DIR: releaseDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the compiled EA on its own and lists it in the manifest', async () => {
    const manifest = downloadsManifestSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/downloads' })).json(),
    );
    expect(manifest.downloads.map((d) => d.binary?.url ?? null)).toEqual([
      '/SignalRelay.ex5',
      null,
      null,
      null,
    ]);
    expect(manifest.downloads[0]?.binary?.bytes).toBe(fakeEx5.byteLength);
    expect(manifest.packages.map((p) => p.compiled)).toEqual([['SignalRelay.ex5'], []]);

    const response = await t.app.inject({ method: 'GET', url: '/SignalRelay.ex5' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe('attachment; filename="SignalRelay.ex5"');
    expect(response.rawPayload).toEqual(fakeEx5);
    expect((await t.app.inject({ method: 'GET', url: '/SignalRelay.ex4' })).statusCode).toBe(404);
  });

  it('puts the compiled EA into the zip next to its source, and compiles only the rest', async () => {
    const { zip } = await getZip(t, 'mt5');
    expect(Buffer.from(zip['MQL5/Experts/SignalRelay.ex5'] ?? [])).toEqual(fakeEx5);
    expect(zip['MQL5/Experts/SignalRelay.mq5']).toBeDefined();
    const note = text(zip['SignalRelay-INSTALL.txt']);
    expect(note).toContain('holds the compiled EAs and their source files');
    expect(note).toContain('open Experts\\OrderTracker.mq5 and press F7');
    expect(note).toContain('Already compiled, nothing to do: SignalRelay.ex5.');

    const { zip: mt4 } = await getZip(t, 'mt4');
    expect(Object.keys(mt4).filter((name) => name.endsWith('.ex4'))).toEqual([]);
  });
});

describe('loadDownloads', () => {
  it('reads the release from Version.mqh at start-up and refuses its two forms disagreeing', async () => {
    const sourceDir = await tempDir();
    await cp(eaSourceDir, sourceDir, { recursive: true });
    const file = path.join(sourceDir, 'Include', 'SignalRelay', 'Version.mqh');
    const original = await readFile(file, 'latin1');
    const options = { sourceDir, releaseDir: sourceDir, publicUrl: 'https://relay.example' };

    await writeFile(
      file,
      original
        .replace(/SR_EA_VERSION "[^"]*"/, 'SR_EA_VERSION "7.4.2"')
        .replace(/SR_EA_VERSION_PROPERTY "[^"]*"/, 'SR_EA_VERSION_PROPERTY "7.42"'),
    );
    const { manifest } = await loadDownloads(options);
    expect(manifest.version).toBe('7.4.2');
    expect(manifest.packages.map((p) => p.fileName)).toEqual([
      'SignalRelay-7.4.2-mt5.zip',
      'SignalRelay-7.4.2-mt4.zip',
    ]);

    await writeFile(file, original.replace(/SR_EA_VERSION "[^"]*"/, 'SR_EA_VERSION "1.3.0"'));
    await expect(loadDownloads(options)).rejects.toThrow(
      'does not match SR_EA_VERSION "1.3.0" (expected "1.30")',
    );
  });

  it('refuses an empty compiled file', async () => {
    const releaseDir = await tempDir();
    await writeFile(path.join(releaseDir, 'OrderTracker.ex5'), '');
    await expect(
      loadDownloads({ sourceDir: eaSourceDir, releaseDir, publicUrl: 'https://relay.example' }),
    ).rejects.toThrow('OrderTracker.ex5 is empty');
  });
});
