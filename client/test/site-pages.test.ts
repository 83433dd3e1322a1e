import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './browser.ts';
import { browserSuite, overflowsSideways, widths } from './browser-suite.ts';
import { sitePages } from './site-pages.ts';

const suite = browserSuite();

async function expectRendered(page: Page, path: string) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.getByRole('heading', { name: 'Page not found' }).count(), path).toBe(0);
}

describe.each(widths)('every site page at %s px', (_width, viewport) => {
  it('renders with status 200, no console errors and no sideways scrolling', async () => {
    await suite.onPage({ viewport }, async ({ page }) => {
      // A signed-out visitor's calls (session check, site and provider info) all succeed.
      const failedCalls: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() >= 400) {
          failedCalls.push(`${response.status()} ${response.url()}`);
        }
      });
      for (const path of sitePages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expectRendered(page, path);
        // Legal pages fetch their document after the first render.
        if (['/terms', '/privacy-policy', '/cookie-policy'].includes(path)) {
          await page.locator('article.prose-doc h1').waitFor();
        }
        expect(await overflowsSideways(page), `${path} scrolls sideways`).toBe(false);
      }
      expect(failedCalls).toEqual([]);
    });
    // Sixteen pages in one browser context: allow for a machine busy with other test files.
  }, 120_000);
});

describe('performance budget', () => {
  it('loads the landing page with at most 200 KB of gzipped JavaScript, split per route', async () => {
    const { page, close } = await openPage(suite.browser, suite.server.url);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await close();

    let gzipped = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(200 * 1024);
    // Docs pages live in their own chunks, not in what the landing page loads.
    const names = [...scripts].map((u) => new URL(u).pathname).join(' ');
    expect(names).not.toMatch(/basic-config|tradingview-alert-setup|install-mt4-5|about/);
  });
});
