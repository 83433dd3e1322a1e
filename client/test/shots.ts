import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

/** test-results/ at the repository root (gitignored): screenshots for a person to look at. */
export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test-results',
  'dashboard',
);

/**
 * `<name>.png` in screenshotDir, copied into SHOTS_DIR when it is set (to look at the screens of
 * one change together). A page is taken whole, from the top so the sticky header sits where a
 * visitor sees it, once finite animations (a menu sliding in) have finished; a locator is one
 * part of the page at full size (a whole phone page is too long to read).
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const file = path.join(screenshotDir, `${name}.png`);
  await mkdir(screenshotDir, { recursive: true });
  if ('goto' in target) {
    await target.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      return Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      );
    });
    await target.screenshot({ path: file, fullPage: true });
  } else {
    await target.screenshot({ path: file });
  }
  const shared = process.env.SHOTS_DIR;
  if (!shared) return;
  await mkdir(shared, { recursive: true });
  await cp(file, path.join(shared, `${name}.png`));
}
