import type { SignalView } from '@signalrelay/contracts/signals';
import type { FastifyInstance } from 'fastify';

/** Signal `id` as its owner's Signal History lists it; undefined while it is not there. */
export async function historySignal(
  app: FastifyInstance,
  user: { licenseNumber: string; cookie: string },
  id: string,
): Promise<SignalView | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/webhook/signalHistory?licenseNumber=${encodeURIComponent(user.licenseNumber)}`,
    headers: { cookie: user.cookie },
  });
  return (res.json() as { signals: SignalView[] }).signals.find((s) => s.id === id);
}
