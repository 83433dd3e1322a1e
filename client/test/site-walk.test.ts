import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * The defects a browser walk of the site found (issue 20), each checked at 1280 and 375 px
 * with a screenshot of the screen in test-results/dashboard/walk-*.png.
 */
const suite = browserSuite(() => ({
  BUSINESS_ADDRESS: '1 Market Street\nSpringfield',
  BUSINESS_PHONE: '+1 555 0100',
}));

/** True when the select is wide enough for its longest option's text (arrow padding included). */
function fitsLongestOption(select: Locator): Promise<boolean> {
  return select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...element.options].map((o) => context.measureText(o.text).width));
    const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
    return widest + padding <= element.clientWidth;
  });
}

/** Every table in `page` lies inside the viewport: nothing cut, nothing to scroll sideways. */
function tablesFit(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .filter((table) => {
        const box = table.getBoundingClientRect();
        const frame = table.parentElement?.getBoundingClientRect();
        return (
          box.right > document.documentElement.clientWidth || (frame && box.right > frame.right + 1)
        );
      })
      .map((table) => table.textContent?.slice(0, 40) ?? ''),
  );
}

describe.each(widths)('site walk at %s px', (width, viewport) => {
  it('shows the Quick Start JSON on one dark background and fits docs tables', async () => {
    await suite.onPage({ viewport }, async ({ page }) => {
      await page.goto('/docs/quick-start');
      const code = page.locator('pre code').first();
      await code.waitFor();
      // A light background on the <code> inside <pre> striped every line of the block.
      expect(await code.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
        'rgba(0, 0, 0, 0)',
      );
      await code.scrollIntoViewIfNeeded();
      await screenshot(page.locator('pre').first(), `walk-quick-start-code-${width}`);
      for (const docsPath of ['/docs/basic-config', '/docs/requirements']) {
        await page.goto(docsPath);
        await page.locator('table').first().waitFor();
        expect(await tablesFit(page), docsPath).toEqual([]);
        await screenshot(page, `walk${docsPath.replaceAll('/', '-')}-${width}`);
      }
    });
  });

  it('builds the About page as the spec describes it', async () => {
    await suite.onPage({ viewport }, async ({ page }) => {
      await page.goto('/about');
      for (const heading of [
        'Our mission',
        'What we value',
        'Why we built it',
        'By the numbers',
        'Global reach',
        'Contact us',
      ]) {
        await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      }
      for (const value of ['Reliability', 'Simplicity', 'Support', 'Innovation']) {
        expect(await page.getByRole('heading', { level: 3, name: value }).count()).toBe(1);
      }
      const numbers = page.locator('section[aria-labelledby="numbers"] dl');
      const figures = await numbers.locator('dd.text-3xl').allTextContents();
      expect(figures).toEqual(['1 s', '99.9%', '1 business day', '2025']);
      const contact = page.locator('section[aria-labelledby="reach"]');
      await contact.getByText('+1 555 0100').waitFor();
      await contact.getByText(/1 Market Street\s+Springfield/).waitFor();
      expect(
        await page.getByRole('link', { name: 'Start your free trial' }).getAttribute('href'),
      ).toBe('/signup');
      expect(await page.getByRole('link', { name: 'Read the docs' }).getAttribute('href')).toBe(
        '/docs',
      );
      await screenshot(page, `walk-about-${width}`);
    });
  });

  it('shows real product screenshots on the landing page and /docs, no placeholder', async () => {
    await suite.onPage({ viewport }, async ({ page }) => {
      for (const [pagePath, count] of [
        ['/', 1],
        ['/docs', 3],
      ] as const) {
        await page.goto(pagePath);
        const shots = page.locator('figure img[src*="/assets/"][src$=".webp"]');
        await expect.poll(() => shots.count()).toBe(count);
        for (const shot of await shots.all()) {
          await shot.scrollIntoViewIfNeeded();
          await expect
            .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
            .toBe(1280);
          expect(await shot.getAttribute('alt')).toMatch(
            /Signal History|Signal Test|Order History/,
          );
        }
        expect(await page.locator('iframe, svg[role="img"] animateMotion').count()).toBe(0);
        await screenshot(page, `walk${pagePath === '/' ? '-landing' : '-docs'}-${width}`);
      }
    });
  });

  it('fits the Order History sort field and gives the phone one menu and one Logout', async () => {
    const user = await suite.user();
    await suite.onPage({ user, viewport }, async ({ page }) => {
      await page.goto('/dashboard#order-history');
      const sort = page.getByLabel('Sort by');
      await sort.waitFor();
      expect(await fitsLongestOption(sort)).toBe(true);
      for (const label of ['Status', 'Platform', 'Order Type', 'Period']) {
        expect(await fitsLongestOption(page.getByLabel(label, { exact: true })), label).toBe(true);
      }
      await screenshot(page, `walk-order-history-${width}`);

      // One Logout on the dashboard (the welcome line's), in the header menu too on a phone.
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
      if (width === '375') {
        // One hamburger: the tab picker shows the current tab and a chevron, not a second menu icon.
        const picker = page.getByRole('button', { name: /^Dashboard menu, current tab/ });
        expect(await picker.locator('svg').count()).toBe(2);
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
        expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
        await screenshot(page, 'walk-dashboard-menu-375');
      }
    });
  });
});
