import type { EaClient } from '@signalrelay/bridge/ea-client';
import type { PaperTerminal } from '@signalrelay/bridge/paper-terminal';
import { paperTerminalOrders, reportOrders } from '../../server/test/orders.ts';
import type { RunningServer } from './server.ts';
import { postAlert, startReferenceEa } from './signed-in.ts';

/** Waits until `done` holds; usable outside a test (a fixture, a script), unlike expect.poll. */
export async function until(done: () => boolean, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `POST /api/orders/report` for one of the user's terminals, as its OrderTracker sends it; any
 * answer but 200 throws with the server's reason.
 */
export async function reportTerminal(
  server: RunningServer,
  licenseNumber: string,
  orders: unknown[],
  terminal: { platform: 'mt4' | 'mt5'; account: string; broker?: string },
) {
  const response = await reportOrders(server.testApp.app, licenseNumber, orders, terminal);
  if (response.statusCode !== 200) {
    throw new Error(`order report answered ${response.statusCode}: ${response.body}`);
  }
}

/**
 * Real trading history: `alerts` through the webhook to the reference EA on `terminal`, one
 * at a time (each waits for the EA's result), then the terminal's orders reported. Returns the
 * EA, still connected (the dashboard shows it green), and the status of each result.
 */
export async function tradeOnPaperTerminal(
  server: RunningServer,
  licenseNumber: string,
  terminal: PaperTerminal,
  alerts: Record<string, unknown>[],
): Promise<{ ea: EaClient; results: string[] }> {
  const results: string[] = [];
  const ea = startReferenceEa(server, licenseNumber, {
    terminal,
    onResult: (result) => results.push(result.status),
  });
  try {
    await until(() => ea.state === 'connected', 'the EA to connect');
    for (const [i, alert] of alerts.entries()) {
      const reply = await postAlert(server, { licenseNumber, ...alert });
      if (reply.status !== 200) throw new Error(`alert refused: ${JSON.stringify(reply.body)}`);
      await until(() => results.length > i, 'the EA result');
    }
    const orders = paperTerminalOrders(terminal);
    await reportTerminal(server, licenseNumber, orders, { platform: 'mt5', account: '5012345' });
  } catch (error) {
    await ea.stop();
    throw error;
  }
  return { ea, results };
}
