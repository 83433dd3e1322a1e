import type { SignalView } from '@signalrelay/contracts/signals';
import type { FastifyInstance } from 'fastify';

type HistoryUser = { licenseNumber: string; cookie: string };

/** The signals the user's Signal History lists (its first page, newest first). */
export async function historySignals(
  app: FastifyInstance,
  user: HistoryUser,
): Promise<SignalView[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/webhook/signalHistory?licenseNumber=${encodeURIComponent(user.licenseNumber)}`,
    headers: { cookie: user.cookie },
  });
  return (res.json() as { signals: SignalView[] }).signals;
}

/** Signal `id` as its owner's Signal History lists it; undefined while it is not there. */
export async function historySignal(
  app: FastifyInstance,
  user: HistoryUser,
  id: string,
): Promise<SignalView | undefined> {
  return (await historySignals(app, user)).find((s) => s.id === id);
}
