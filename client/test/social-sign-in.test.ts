import { describe, expect, it } from 'vitest';
import { browserSuite, widths } from './browser-suite.ts';
import { screenshot } from './shots.ts';

/**
 * Social sign-in buttons on a server with Google keys only: the login and sign-up pages offer
 * Google and not Facebook, and the provider mark stays round at both widths.
 */
const suite = browserSuite(() => ({
  GOOGLE_CLIENT_ID: 'google-id',
  GOOGLE_CLIENT_SECRET: 'google-secret',
}));

describe.each(widths)('social sign-in at %s px', (width, viewport) => {
  it('offers only the configured provider, with an unsquashed mark', async () => {
    await suite.onPage({ viewport }, async ({ page }) => {
      for (const [path, name] of [
        ['/login', 'Sign in with Google'],
        ['/signup', 'Sign up with Google'],
      ] as const) {
        await page.goto(path);
        const button = page.getByRole('button', { name });
        await button.waitFor();
        expect(await page.getByRole('button', { name: /with Facebook/ }).count()).toBe(0);
        const mark = await button.locator('span[aria-hidden="true"]').boundingBox();
        expect(mark?.width).toBe(20);
        expect(mark?.height).toBe(20);
        await screenshot(page, `social-${path.slice(1)}-${width}`);
      }
    });
  });
});
