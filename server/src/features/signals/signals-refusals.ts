import { webhookAlertSchema } from '@signalrelay/contracts/signals';
import type { z } from 'zod';
import type { LicenseDirectory } from '../../core/license-directory.ts';
import type { PublishLive } from '../../core/live-events.ts';
import type { Metrics } from '../../core/metrics.ts';
import { toSignalView } from '../../core/signal-view.ts';
import type { Db } from '../../db/db.ts';
import { signals } from '../../db/schema/signals.ts';
import type { WebhookLimits } from './signals-limits.ts';

/** How much of a refused body is kept: enough to see the mistake, not a storage channel. */
export const rawBodyLimit = 4096;

/** Why an alert could not be charged to anybody (the `reason` label of the metric). */
export type UnattributedReason = 'no_license' | 'unknown_license' | 'unverified' | 'rate_limited';

/**
 * A license number written in a body that is not valid JSON (TradingView alert messages are
 * typed by hand): the trader still deserves to see that the alert arrived and why it failed.
 */
const licenseInText = /"licenseNumber"\s*:\s*"([^"\\]{1,128})"/;

function licenseOf(raw: string, body: unknown): string | null {
  const field = (body as { licenseNumber?: unknown } | undefined)?.licenseNumber;
  if (typeof field === 'string' && field.trim() !== '') return field.trim();
  return licenseInText.exec(raw)?.[1]?.trim() || null;
}

const { shape } = webhookAlertSchema;

/** Postgres text cannot hold NUL, and a refused body (or the parser's words on it) may. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** One field of the alert as intake would read it; undefined when it is missing or not valid. */
function fieldOf<T>(schema: z.ZodType<T>, body: unknown, key: string): T | undefined {
  const parsed = schema.safeParse((body as Record<string, unknown> | undefined)?.[key]);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Alerts refused for their content (bad JSON, unknown position, a bad number …) that name a
 * valid license are kept in the owner's Signal History with status `error`, the reason and
 * the body as received, so they can fix the alert in TradingView. They never count against the
 * quota and never reach an EA; like the other uncounted alerts they share the license's
 * `uncounted` budget, so a leaked license cannot turn refusals into a flood of rows. Alerts
 * without such a license are only counted in /metrics.
 */
export function createRefusalRecorder(deps: {
  db: Db;
  licenses: LicenseDirectory;
  limits: WebhookLimits;
  metrics: Metrics;
  publishLive: PublishLive;
  now: () => number;
}) {
  const { db, licenses, limits, metrics, publishLive, now } = deps;

  return {
    unattributed(reason: UnattributedReason) {
      metrics.unattributedAlerts.inc({ reason });
    },

    /** `raw`: the body as received; `body`: it parsed, when it was JSON; `why`: the 400's message. */
    async record(raw: string, body: unknown, why: string): Promise<void> {
      const licenseNumber = licenseOf(raw, body);
      if (!licenseNumber) return this.unattributed('no_license');
      const owner = await licenses.lookup(licenseNumber);
      if (!owner) return this.unattributed('unknown_license');
      if (!owner.verified) return this.unattributed('unverified');
      if (!limits.uncounted(owner.userId).allowed) return this.unattributed('rate_limited');
      const at = new Date(now());
      const [row] = await db
        .insert(signals)
        .values({
          userId: owner.userId,
          symbol: fieldOf(shape.symbol, body, 'symbol') ?? '',
          position: fieldOf(shape.position, body, 'position') ?? null,
          platform: fieldOf(shape.platform, body, 'platform') ?? null,
          senderPlatform: fieldOf(shape.senderPlatform, body, 'senderPlatform') ?? null,
          status: 'error',
          errorMessage: withoutNul(`Alert refused: ${why}`),
          rawBody: withoutNul(raw.slice(0, rawBodyLimit)),
          receivedAt: at,
          expiresAt: at,
        })
        .returning();
      if (!row) return;
      metrics.signalsByStatus.inc({ status: 'error' });
      publishLive(owner.userId, { type: 'signal', signal: toSignalView(row) });
    },
  };
}

export type RefusalRecorder = ReturnType<typeof createRefusalRecorder>;
