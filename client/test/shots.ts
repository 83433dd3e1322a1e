import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { screenshot, screenshotDir } from './signed-in.ts';

/** Copies a picture into SHOTS_DIR when it is set, to look at the screens of one change together. */
async function share(name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await cp(path.join(screenshotDir, `${name}.png`), path.join(dir, `${name}.png`));
}

/** `screenshot()` of the whole page, shared. */
export async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  await share(name);
}

/** A picture of one part of the page at full size (a whole phone page is too long to read). */
export async function shotOf(part: Locator, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await part.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  await share(name);
}
