import { describe, expect, it } from 'vitest';
import { pollIdentity, pollOnce } from '../../../test/ea-socket.ts';
import { createTestUser } from '../../../test/users.ts';
import { alertFields } from '../../../test/webhook.ts';
import { db, postAlert, t, useRelayApp } from './relay-test-setup.ts';

useRelayApp();

/** `ea_long_polls_total` by how the polls learnt what was waiting: read, or kept for them. */
async function longPolls() {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const count = (pending: string) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`ea_long_polls_total{pending="${pending}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  return { read: count('read'), kept: count('kept') };
}

type PollReply = { signals: { id: string; ttlMs: number }[] };

/** One poll of `licenseNumber`'s MT4 EA; a poll nothing answers ends after `waitMs`. */
async function poll(licenseNumber: string, received: string[], waitMs = 20_000) {
  const reply = await pollOnce(t.baseUrl, { ...pollIdentity(licenseNumber), received, waitMs });
  expect(reply.status).toBe(200);
  return reply.body as PollReply;
}

const ids = (reply: PollReply) => reply.signals.map((s) => s.id);

describe('a long-poll EA between two polls', () => {
  it('gets what came meanwhile from its next poll, which does not read Postgres', async () => {
    const user = await createTestUser(db());
    const first = (await postAlert(alertFields(user.licenseNumber))).body.signalId as string;
    const before = await longPolls();
    expect(ids(await poll(user.licenseNumber, []))).toEqual([first]);

    // Between the reply and the next poll: kept for it, and told to the webhook as pushed.
    const between = await postAlert(alertFields(user.licenseNumber, { position: 'sell' }));
    expect(between.body.delivered).toBe(true);
    const next = await poll(user.licenseNumber, [first]);
    expect(ids(next)).toEqual([between.body.signalId]);
    // Its time to live counts from the alert (SIGNAL_TTL_MS 1500), not from the push.
    expect(next.signals[0]!.ttlMs).toBeGreaterThan(0);
    expect(next.signals[0]!.ttlMs).toBeLessThanOrEqual(1500);

    // A signal pushed to the held poll: the same, the next poll again takes it from the link.
    const held = poll(user.licenseNumber, [between.body.signalId as string]);
    await new Promise((r) => setTimeout(r, 100));
    const third = (await postAlert(alertFields(user.licenseNumber))).body.signalId as string;
    expect(ids(await held)).toEqual([third]);
    expect(ids(await poll(user.licenseNumber, [third], 300))).toEqual([]);

    expect(await longPolls()).toEqual({ read: before.read + 1, kept: before.kept + 3 });
  });

  it('is sent a reply again when it did not acknowledge it: the next poll reads Postgres', async () => {
    const user = await createTestUser(db());
    const id = (await postAlert(alertFields(user.licenseNumber))).body.signalId as string;
    expect(ids(await poll(user.licenseNumber, []))).toEqual([id]);
    const before = await longPolls();
    // The reply was lost on its way (the EA acknowledges nothing): Postgres still has it.
    expect(ids(await poll(user.licenseNumber, []))).toEqual([id]);
    expect(await longPolls()).toEqual({ read: before.read + 1, kept: before.kept });
  });

  it('is not sent a kept signal whose time ran out before it polled, as a read would not find it', async () => {
    const user = await createTestUser(db());
    const first = (await postAlert(alertFields(user.licenseNumber))).body.signalId as string;
    expect(ids(await poll(user.licenseNumber, []))).toEqual([first]);
    const late = await postAlert(alertFields(user.licenseNumber));
    expect(late.body.delivered).toBe(true);
    // The EA's network was away for longer than the signal lives (SIGNAL_TTL_MS 1500).
    await new Promise((r) => setTimeout(r, 1600));
    const before = await longPolls();
    expect(ids(await poll(user.licenseNumber, [first], 300))).toEqual([]);
    expect(await longPolls()).toEqual({ read: before.read, kept: before.kept + 1 });
  });

  it('reads Postgres after an empty reply: nothing says the EA did not poll elsewhere since', async () => {
    const user = await createTestUser(db());
    expect(ids(await poll(user.licenseNumber, [], 0))).toEqual([]);
    const id = (await postAlert(alertFields(user.licenseNumber))).body.signalId as string;
    const before = await longPolls();
    expect(ids(await poll(user.licenseNumber, []))).toEqual([id]);
    expect(await longPolls()).toEqual({ read: before.read + 1, kept: before.kept });
  });

  it('reads Postgres once its link has waited longer than a terminal counts as connected', async () => {
    const user = await createTestUser(db());
    const first = (await postAlert(alertFields(user.licenseNumber))).body.signalId as string;
    expect(ids(await poll(user.licenseNumber, []))).toEqual([first]);
    await new Promise((r) => setTimeout(r, 5200));
    // No EA poll came for 5 s: the link is gone, and an alert finds no terminal here.
    const late = await postAlert(alertFields(user.licenseNumber));
    expect(late.body.delivered).toBe(false);
    const before = await longPolls();
    expect(ids(await poll(user.licenseNumber, [first]))).toEqual([late.body.signalId]);
    expect(await longPolls()).toEqual({ read: before.read + 1, kept: before.kept });
  });
});
