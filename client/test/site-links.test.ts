import { describe, expect, it } from 'vitest';
import { openPage } from './browser.ts';
import { browserSuite } from './browser-suite.ts';
import { sitePages } from './site-pages.ts';

const suite = browserSuite();

describe('internal links', () => {
  it('every link reachable from the landing page leads to a real page', async () => {
    const { page, close } = await openPage(suite.browser, suite.server.url);
    const origin = new URL(suite.server.url).origin;
    const seen = new Set<string>();
    const queue = ['/'];
    const broken: string[] = [];
    const linkedFrom = new Map<string, string>();
    const files: string[] = [];

    while (queue.length > 0) {
      const target = queue.shift()!;
      // From a blank page every target, even "/#section", is a real document load.
      await page.goto('about:blank');
      const response = await page.goto(target);
      const status = response?.status();
      // Pages of other features may redirect (e.g. the dashboard to /login): judge the page
      // that finally shows a heading.
      await page.locator('h1').first().waitFor({ timeout: 10_000 });
      const notFound = await page.getByRole('heading', { name: 'Page not found' }).count();
      if (status !== 200 || notFound > 0) {
        broken.push(`${target} (status ${status}, linked from ${linkedFrom.get(target)})`);
        continue;
      }
      const [path] = target.split('#');
      const hash = target.includes('#') ? target.slice(target.indexOf('#') + 1) : '';
      // A section link must find its section on the site's own pages; other features' hashes
      // (the dashboard's tab names) are not element ids.
      if (
        hash &&
        sitePages.includes(path ?? '') &&
        (await page.locator(`[id="${hash}"]`).count()) === 0
      ) {
        broken.push(
          `${target} (no element with id "${hash}", linked from ${linkedFrom.get(target)})`,
        );
      }
      // Only pages of this site are crawled further; every link found is checked once.
      if (!sitePages.includes(path ?? '')) continue;
      // Some links arrive with data (the EA download cards): let the page finish loading.
      await page.waitForLoadState('networkidle');
      const links = await page.$$eval('a[href]', (anchors) =>
        anchors.map((a) => ({
          href: (a as HTMLAnchorElement).href,
          // A download (the EA files), or a link whose type says it is no page (the alert's
          // JSON Schema).
          file: a.hasAttribute('download') || a.hasAttribute('type'),
        })),
      );
      for (const { href, file } of links) {
        const url = new URL(href);
        if (url.origin !== origin) continue;
        const key = url.pathname + url.search + url.hash;
        if (seen.has(key)) continue;
        seen.add(key);
        linkedFrom.set(key, target);
        if (file) files.push(key);
        else queue.push(key);
      }
    }
    // Files (the EA downloads, the JSON Schema) are fetched rather than opened as pages.
    for (const file of files) {
      const response = await fetch(`${suite.server.url}${file}`);
      await response.arrayBuffer();
      if (response.status !== 200) {
        broken.push(`${file} (status ${response.status}, linked from ${linkedFrom.get(file)})`);
      }
    }
    expect(broken).toEqual([]);
    // The crawl really went somewhere: every site page is linked from somewhere.
    for (const path of sitePages.filter((p) => p !== '/button-test')) {
      expect(seen.has(path), `${path} is linked`).toBe(true);
    }
    await close();
  }, 240_000);
});
