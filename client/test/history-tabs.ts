import type { Page } from 'playwright-core';

/** How the Signal and Order History tests read what both tabs show: figure cards and the pager. */

/** A summary card's figure: the text after its label. */
export const card = (page: Page, label: string) =>
  page
    .getByText(label, { exact: true })
    .first()
    .locator('xpath=following-sibling::p[1]')
    .textContent();

/** The pager's page buttons as shown, gaps left out: ['1', '2', '3', '4', '13']. */
export const pageButtons = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('button', { name: /^Page \d+$/ })
    .allInnerTexts();

/** Waits until the pager's summary reads `text` ("Showing 1 to 10 of 24 orders", "of 84 signals"). */
export const showing = (page: Page, text: string) =>
  page
    .getByText(/^Showing \d+ to \d+ of \d+ (signals|orders)$/)
    .filter({ hasText: text })
    .waitFor();
