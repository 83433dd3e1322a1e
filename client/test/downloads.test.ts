import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { eaSourceDir } from '../../server/test/internals.ts';
import { browserSuite } from './browser-suite.ts';

/**
 * The release box and the EA download cards in headless Chromium, on the dashboard's Downloads
 * tab and on /docs/download-ea, against a server whose release folder holds only a (fake)
 * compiled MT4 relay EA: that card offers the compiled file, the three others their platform's
 * zip, and the release box says the build is partial and how to compile the rest.
 */
let releaseDir: string;
const fakeEx4 = Buffer.from('fake compiled MT4 EA for the download test');

const cards = [
  { name: 'MT5 Expert Advisor', fileType: '.ex5', platform: 'mt5' },
  { name: 'MT5 OrderTracker EA', fileType: '.ex5', platform: 'mt5' },
  { name: 'MT4 Expert Advisor', fileType: '.ex4', platform: 'mt4' },
  { name: 'MT4 OrderTracker EA', fileType: '.ex4', platform: 'mt4' },
];

/** The release as Version.mqh declares it, read here independently of the server. */
async function releaseVersion(): Promise<string> {
  const file = path.join(eaSourceDir, 'Include', 'SignalRelay', 'Version.mqh');
  const text = await readFile(file, 'latin1');
  return /#define\s+SR_EA_VERSION\s+"([^"]+)"/.exec(text)?.[1] ?? 'missing';
}

/** The release box: version, an honest build status, both zips and the three steps. */
async function checkGuide(page: Page, origin: string) {
  const version = await releaseVersion();
  const guide = page.getByRole('region', { name: `Release ${version}` });
  await guide.waitFor();
  expect(await guide.getByText('Partly compiled').count()).toBe(1);
  expect(await guide.getByText('Compiled on this server: SignalRelay.ex4.').count()).toBe(1);
  for (const platform of ['mt5', 'mt4']) {
    const name = `MetaTrader ${platform.at(-1)} (.zip`;
    const link = guide.getByRole('link', { name });
    expect(await link.getAttribute('href')).toBe(`/downloads/SignalRelay-${platform}.zip`);
    expect(await link.getAttribute('download')).toBe(`SignalRelay-${version}-${platform}.zip`);
  }
  const steps = guide.getByRole('listitem');
  expect(await steps.count()).toBe(3);
  const texts = await steps.allTextContents();
  expect(texts[0]).toContain('Unzip into the data folder');
  expect(texts[0]).toContain('File → Open Data Folder');
  expect(texts[0]).toContain('MQL5\\Experts');
  expect(texts[1]).toContain('Compile in MetaEditor');
  expect(texts[1]).toMatch(/open Experts\\SignalRelay\.mq5 .* press Compile \(F7\)/);
  expect(texts[2]).toContain('Refresh, then drag SignalRelay onto a chart');
  expect(texts[2]).toContain(`allow WebRequest for ${origin}`);
  expect(texts[2]).toContain('license number');
}

afterAll(async () => {
  if (releaseDir) await rm(releaseDir, { recursive: true, force: true });
});
const suite = browserSuite(async () => {
  releaseDir = await mkdtemp(path.join(tmpdir(), 'signalrelay-release-'));
  await writeFile(path.join(releaseDir, 'SignalRelay.ex4'), fakeEx4);
  return { EA_RELEASE_DIR: releaseDir };
});

/** The four cards in `scope`, in order, each checked for its name, type, version and links. */
async function checkCards(page: Page, scope: Locator) {
  const articles = scope.getByRole('article');
  await articles.first().waitFor();
  expect(await articles.count()).toBe(4);
  for (const [i, card] of cards.entries()) {
    const article = articles.nth(i);
    expect(await article.getByRole('heading', { level: 3 }).textContent()).toBe(
      `${card.name} (${card.fileType})`,
    );
    expect(await article.getByText(`Version ${await releaseVersion()}`).count()).toBe(1);
    const guide = article.getByRole('link', { name: 'Installation guide', exact: true });
    expect(await guide.getAttribute('href')).toBe('/docs/install-mt4-5');
  }

  // The compiled MT4 relay EA is offered as itself; a real browser download gets its bytes.
  const compiled = articles.nth(2).getByRole('link', { name: 'Download SignalRelay.ex4' });
  const [download] = await Promise.all([page.waitForEvent('download'), compiled.click()]);
  expect(download.suggestedFilename()).toBe('SignalRelay.ex4');
  expect(await readFile((await download.path()) as string)).toEqual(fakeEx4);

  // The others offer their platform's zip, saying it holds the source to compile.
  for (const i of [0, 1, 3]) {
    const article = articles.nth(i);
    expect(
      await article
        .getByText(/Not compiled on this server.*compile it in MetaEditor \(F7\)/)
        .count(),
    ).toBe(1);
    const zipLink = article.getByRole('link', { name: 'Download source (.zip)' });
    // The file named on the card is the one the button gives, not the .ex5/.ex4 it lacks.
    const fileName = (await zipLink.getAttribute('download')) as string;
    expect(fileName).toMatch(/\.zip$/);
    expect(await article.getByText(fileName, { exact: true }).count()).toBe(1);
    const href = (await zipLink.getAttribute('href')) as string;
    expect(href).toBe(`/downloads/SignalRelay-${cards[i]?.platform}.zip`);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/zip');
  }
}

describe('EA downloads', () => {
  it('shows the release, the three-step guide and the four cards on /docs/download-ea', async () => {
    await suite.onPage({}, async ({ page }) => {
      await page.goto('/docs/download-ea');
      await page.getByRole('heading', { level: 1, name: 'Download the EA' }).waitFor();
      await checkGuide(page, suite.server.url);
      await checkCards(page, page.getByRole('region', { name: 'EA downloads' }));

      await page.getByRole('link', { name: 'Installation guide', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/docs/install-mt4-5');
    });
  });

  it('shows the same cards on the dashboard Downloads tab', async () => {
    const user = await suite.user('basic');
    await suite.onPage({ user }, async ({ page }) => {
      await page.goto('/dashboard#downloads');
      await page.getByRole('heading', { level: 2, name: 'Downloads' }).waitFor();
      await checkGuide(page, suite.server.url);
      await checkCards(page, page.getByRole('region', { name: 'EA downloads' }));
    });
  });
});
