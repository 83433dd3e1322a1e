import { createEaClient, type EaClient, type EaClientOptions } from '@signalrelay/bridge/ea-client';
import { createPaperTerminal, type PaperTerminal } from '@signalrelay/bridge/paper-terminal';
import type { Plan } from '@signalrelay/contracts/billing';
import type { Browser } from 'playwright-core';
import { sessionCookie } from '../../server/test/sessions.ts';
import { createTestUser } from '../../server/test/users.ts';
import { openPage, type WatchedPage } from './browser.ts';
import type { RunningServer } from './server.ts';

export type SignedInUser = Awaited<ReturnType<typeof createTestUser>> & {
  cookie: { name: string; value: string };
};

/** A verified user straight in the test database, with a session as after logging in. */
export async function createSignedInUser(
  server: RunningServer,
  options: { plan?: Plan } = {},
): Promise<SignedInUser> {
  const { app, deps } = server.testApp;
  const user = await createTestUser(deps.database.db, options);
  const header = await sessionCookie(app, deps.database.db, user.id);
  const at = header.indexOf('=');
  return { ...user, cookie: { name: header.slice(0, at), value: header.slice(at + 1) } };
}

/** A fresh browser context carrying the user's session cookie, watched for console errors. */
export async function openSignedIn(
  browser: Browser,
  server: RunningServer,
  user: SignedInUser,
  options: Parameters<typeof openPage>[2] = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, server.url, options);
  await watched.context.addCookies([{ ...user.cookie, url: server.url }]);
  // Fail with the locator that did not show up instead of at the test's time-out.
  watched.page.setDefaultTimeout(10_000);
  return watched;
}

/**
 * The reference EA from bridge/ on a paper terminal, connected over WebSocket as MT5 on account
 * 5012345; `options` change any of its settings, `terminal` the paper terminal it trades on.
 */
export function startReferenceEa(
  server: RunningServer,
  licenseNumber: string,
  options: Partial<EaClientOptions> & { terminal?: PaperTerminal } = {},
): EaClient {
  const { terminal = createPaperTerminal({ seed: 7 }), ...settings } = options;
  const ea = createEaClient({
    server: server.url,
    transport: 'ws',
    licenseNumber,
    platform: 'mt5',
    account: '5012345',
    broker: 'MetaQuotes-Demo',
    execute: terminal.execute,
    backoff: { initialMs: 100, maxMs: 500 },
    ...settings,
  });
  ea.start();
  return ea;
}

/** POSTs an alert to the webhook as TradingView would. */
export async function postAlert(server: RunningServer, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/webhook/handleWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
