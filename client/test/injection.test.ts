import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { welcomedEaSocket } from '../../server/test/ea-socket.ts';
import { orders, signals, users } from '../../server/test/internals.ts';
import { reportedOrder, reportOrders } from '../../server/test/orders.ts';
import { browserSuite } from './browser-suite.ts';

/**
 * SQL and HTML injection through every free-text field the dashboard shows, each written the
 * way it really arrives (the account, the webhook, the EA's result, the OrderTracker's report):
 * stored as sent, and shown as text. A script that ran would set `window.__pwned`.
 */
const suite = browserSuite();

const html = (n: number) => `<img src=x onerror="window.__pwned=${n}">`;
const sqlText = "x'); drop table signals; --";

describe('injection through the fields the dashboard renders', { timeout: 120_000 }, () => {
  it('stores every payload as sent and shows it as text, never as markup', async () => {
    const { app, deps } = suite.server.testApp;
    const db = deps.database.db;
    const user = await suite.user('pro');
    // The account's names, as set at sign-up (straight in, the sign-up flow is tested elsewhere).
    await db
      .update(users)
      .set({ firstname: html(1), lastname: sqlText })
      .where(eq(users.id, user.id));

    // A signal whose sender and alert id carry payloads, answered by an EA with a payload.
    const ea = await welcomedEaSocket(suite.server.url, user.licenseNumber, { broker: html(2) });
    const alert = await suite.alert(user, {
      symbol: 'EURUSD',
      position: 'buy',
      lot: 0.01,
      senderPlatform: html(3),
      alertId: sqlText,
    });
    expect(alert.status).toBe(200);
    const id = alert.body.signalId as string;
    await ea.next((f) => f.type === 'signal');
    ea.send({ type: 'received', id });
    ea.send({ type: 'result', id, status: 'error', message: `${html(4)} ${sqlText}`, retcode: 1 });
    await expect
      .poll(async () => (await db.select().from(signals).where(eq(signals.id, id)))[0]?.status)
      .toBe('error');
    ea.close();

    // An order whose symbol and comment carry payloads.
    const payloads = reportedOrder(4242, {
      symbol: html(5).slice(0, 60),
      comment: `${html(6)} ${sqlText}`,
    });
    const report = await reportOrders(app, user.licenseNumber, [payloads], { broker: sqlText });
    expect(report.statusCode).toBe(200);

    // Stored as sent, and the tables are all still there.
    const [signal] = await db.select().from(signals).where(eq(signals.id, id));
    expect(signal).toMatchObject({
      senderPlatform: html(3),
      alertId: sqlText,
      errorMessage: `${html(4)} ${sqlText}`,
    });
    const [order] = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ comment: `${html(6)} ${sqlText}` });
    const tables = (await db.execute(
      sql`select to_regclass(name)::text as name from unnest(array['signals', 'orders', 'users']) as name`,
    )) as unknown as { rows: { name: string | null }[] };
    expect(tables.rows.map((r) => r.name)).toEqual(['signals', 'orders', 'users']);

    // A dialog is a script that ran: it counts as an error.
    await suite.onPage({ user }, async ({ page, errors }) => {
      page.on('dialog', (dialog) => {
        errors.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1, name: `Welcome, ${html(1)}` }).waitFor();

      await page.goto('/dashboard#signal-history');
      await page.locator('tr[data-signal-id]').first().click();
      await page.getByText(html(3), { exact: true }).waitFor();
      await page.getByText(`${html(4)} ${sqlText}`, { exact: true }).waitFor();

      await page.goto('/dashboard#order-history');
      await page.getByRole('button', { name: /Show details of order #4242/ }).click();
      await page
        .getByText(`${html(6)} ${sqlText}`)
        .first()
        .waitFor();

      expect(await page.locator('img[src="x"]').count()).toBe(0);
      // No script injected anywhere has run.
      const pwned = await page.evaluate(() => (window as { __pwned?: number }).__pwned);
      expect(pwned ?? null).toBeNull();
    });
  });
});
