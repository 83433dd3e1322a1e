import type {
  TerminalsReply,
  TerminalView,
  UnservedPlatform,
} from '@signalrelay/contracts/terminals';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isOlderEaVersion, readEaVersion } from '../../core/ea-version.ts';
import { signals, terminals } from '../../db/schema/signals.ts';
import type { AppDeps } from '../../deps.ts';
import { requireUser, signedInUser } from '../../http/auth-guards.ts';
import { eaSourceDir } from '../../paths.ts';
import { connectedWindowMs } from '../relay/relay-heartbeats.ts';

/** Terminals not seen for this long are left off the list (they are kept for replay). */
const listedForMs = 30 * 24 * 60 * 60 * 1000;
/** A refusal older than this is history: the dashboard stops warning about it. */
const refusalShownForMs = 24 * 60 * 60 * 1000;
const maxListed = 50;
/** Alerts this recent tell which platforms the trader expects a connected EA on. */
const recentAlertsMs = 24 * 60 * 60 * 1000;

/**
 * Platforms that recent alerts target and no connected terminal serves: `any` when alerts
 * without a platform came and no terminal at all is connected. Those alerts expire untraded.
 */
export function unservedPlatforms(
  targeted: ('mt4' | 'mt5' | null)[],
  connected: ('mt4' | 'mt5')[],
): UnservedPlatform[] {
  const online = new Set(connected);
  const unserved = new Set<UnservedPlatform>();
  for (const platform of targeted) {
    if (platform === null) {
      if (online.size === 0) unserved.add('any');
    } else if (!online.has(platform)) unserved.add(platform);
  }
  return [...unserved].sort();
}

type Options = { deps: AppDeps };

/**
 * `/api/terminals`: the signed-in user's MetaTrader terminals as the EAs report them, for the
 * dashboard beside the EA indicator: which are connected and how, the problems each EA
 * reports (protocol v2 health), and copies refused because another one trades the account.
 */
export default async function terminalsRoutes(app: FastifyInstance, { deps }: Options) {
  const { database, presence, now } = deps;
  const release = await readEaVersion(eaSourceDir);

  app.get('/', { preHandler: requireUser }, async (request) => {
    const user = signedInUser(request);
    const t = now();
    const [rows, online, targeted] = await Promise.all([
      database.db
        .select()
        .from(terminals)
        .where(
          and(eq(terminals.userId, user.id), gt(terminals.lastSeenAt, new Date(t - listedForMs))),
        )
        .orderBy(desc(terminals.lastSeenAt))
        .limit(maxListed),
      presence.members(user.id, t - connectedWindowMs),
      // Refused alerts (with a raw body) never target a terminal.
      database.db
        .selectDistinct({ platform: signals.platform })
        .from(signals)
        .where(
          and(
            eq(signals.userId, user.id),
            gt(signals.receivedAt, new Date(t - recentAlertsMs)),
            isNull(signals.rawBody),
          ),
        ),
    ]);
    const connected = new Set(online);
    const list = rows.map(
      (row): TerminalView => ({
        id: row.id,
        platform: row.platform,
        account: row.account,
        broker: row.broker,
        eaVersion: row.eaVersion,
        terminalBuild: row.terminalBuild,
        transport: row.transport,
        connected: connected.has(row.id),
        lastSeenAt: row.lastSeenAt.toISOString(),
        health: row.health,
        healthAt: row.healthAt?.toISOString() ?? null,
        refusal:
          row.refusal && t - row.refusal.at <= refusalShownForMs
            ? { ...row.refusal, at: new Date(row.refusal.at).toISOString() }
            : null,
        outdated: row.eaVersion !== null && isOlderEaVersion(row.eaVersion, release),
      }),
    );
    // Connected first; each group most recently seen first.
    list.sort((a, b) => Number(b.connected) - Number(a.connected));
    const unserved = unservedPlatforms(
      targeted.map((r) => r.platform),
      list.filter((terminal) => terminal.connected).map((terminal) => terminal.platform),
    );
    return { terminals: list, release, unserved } satisfies TerminalsReply;
  });
}
