import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Debian Chromium through playwright-core; fails with the install hint if missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it with \`apt-get install -y chromium\` ` +
        'or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
}

export const desktopViewport = { width: 1280, height: 800 };
export const mobileViewport = { width: 375, height: 740 };

export type WatchedPage = {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far, as text. */
  errors: string[];
  close(): Promise<void>;
};

/**
 * A fresh context and page on `baseURL` that records every console error and page error, so a
 * test can assert that a page rendered cleanly. `allowConsole` adds expected messages; each is
 * matched against "<text> (<url>)".
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; allowConsole?: RegExp[] } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? desktopViewport,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  // None by default: a signed-out visitor's session check answers 200, so any error is news.
  const allowed = options.allowConsole ?? [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const line = `${message.text()} (${message.location().url})`;
    if (allowed.some((re) => re.test(line))) return;
    errors.push(`console: ${line}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors, close: () => context.close() };
}
