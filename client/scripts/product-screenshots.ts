/**
 * Rebuilds the product screenshots the landing page and /docs show (src/assets/product-screens):
 * the real app on a fresh test database, a pro user whose alerts went through the webhook to the
 * reference EA on a paper terminal, photographed in headless Chromium at 1280 × 800 and saved as
 * WebP (Chromium's own encoder, so no image tool is needed). Run after `npm run build -w client`
 * with the test Postgres up: `npm run screenshots -w client`, then rebuild the client.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { Locator } from 'playwright-core';
import { desktopViewport, launchBrowser } from '../test/browser.ts';
import { tradeOnPaperTerminal } from '../test/paper-trading.ts';
import { startServer } from '../test/server.ts';
import { createSignedInUser, openSignedIn } from '../test/signed-in.ts';

const outDir = fileURLToPath(new URL('../src/assets/product-screens/', import.meta.url));
const webpQuality = 0.8;

const alerts = [
  { symbol: 'EURUSD', position: 'buy', lot: 0.1, slpoint: 200, tppoint: 400 },
  { symbol: 'XAUUSD', position: 'sell', lot: 0.05, slpoint: 500 },
  // A symbol the broker does not list: the history shows how a refusal looks.
  { symbol: 'US500', position: 'buy', lot: 1 },
  { symbol: 'GBPUSD', position: 'buy', lot: 0.2 },
  { symbol: 'USDJPY', position: 'sell', lot: 0.1, slpoint: 150 },
  { symbol: 'EURUSD', position: 'closebuy' },
  { symbol: 'GBPUSD', position: 'closebuy' },
];

const server = await startServer();
const browser = await launchBrowser();

/**
 * The viewport as WebP, scrolled so that `top` (a tab's heading) starts the picture: a PNG from
 * Chromium, re-encoded by a canvas in a blank page.
 */
async function saveWebp(top: Locator, name: string) {
  await top.evaluate((element) => {
    // The picture shows the product, not the site's sticky header lying over it.
    const siteHeader = document.querySelector<HTMLElement>('header[data-scrolled]');
    if (siteHeader) siteHeader.style.display = 'none';
    // 'instant': the site scrolls smoothly, and the picture must not catch it half-way.
    window.scrollTo({
      top: element.getBoundingClientRect().top + window.scrollY - 24,
      behavior: 'instant',
    });
    return document.fonts.ready;
  });
  const png = await top.page().screenshot({ type: 'png' });
  const encoder = await browser.newPage();
  const dataUrl = await encoder.evaluate(
    async ({ src, quality }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, quality: webpQuality },
  );
  await encoder.close();
  const file = path.join(outDir, `${name}.webp`);
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  await writeFile(file, bytes);
  console.log(`${path.relative(process.cwd(), file)}  ${Math.round(bytes.length / 1024)} KB`);
}

try {
  const user = await createSignedInUser(server, { plan: 'pro' });
  // Stays connected, so the dashboard shows the EA indicator green.
  const { ea } = await tradeOnPaperTerminal(
    server,
    user.licenseNumber,
    createPaperTerminal({ seed: 7 }),
    alerts,
  );
  const { page, close } = await openSignedIn(browser, server, user, { viewport: desktopViewport });
  const tabHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
  try {
    await page.goto('/dashboard#signal-history');
    const rows = page.locator('tr[data-signal-id]');
    await rows.nth(alerts.length - 1).waitFor();
    await page.getByText('EA connected', { exact: true }).waitFor();
    await rows.first().click();
    await page.getByRole('list', { name: 'Hop timings' }).waitFor();
    // From the filters down: the list and one signal's journey, the answer to "what happened?".
    await saveWebp(page.getByText('Period', { exact: true }).first(), 'signal-history');

    await page.goto('/dashboard#signal-test');
    await page.getByRole('button', { name: 'Send Test Signal' }).click();
    await page.getByText('SUCCESS', { exact: true }).waitFor();
    await saveWebp(tabHeading('Signal Test'), 'signal-test');

    await page.goto('/dashboard#order-history');
    await page.locator('tbody tr').first().waitFor();
    // The charts draw after the figures arrive.
    await page.locator('.recharts-area-area').first().waitFor();
    await saveWebp(tabHeading('Order History'), 'order-history');
  } finally {
    await close();
    await ea.stop();
  }
} finally {
  await browser.close();
  await server.close();
}
