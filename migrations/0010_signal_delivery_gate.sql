-- The delivery gate. Terminals read what they should have (at every long-poll and every
-- (re)connection) through signals_pending_for, which waits while a transaction holds its user's
-- gate closed. The record of alerts whose INSERT was given up on (answered 503, see
-- settleGivenUp in server/src/core/signal-insert.ts) closes their users' gates first, then waits
-- for that INSERT to end and fails what it stored: no terminal can read such a signal in
-- between. A plpgsql function, because its query takes its snapshot after the gate opens; a
-- lock taken inside one statement would leave that statement an older snapshot.
CREATE FUNCTION close_signal_gates(p_users uuid[]) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  gate integer;
BEGIN
  -- In one order, so that two records closing gates of the same users cannot deadlock.
  FOR gate IN SELECT DISTINCT hashtext(u::text) FROM unnest(p_users) AS u ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(2401, gate);
  END LOOP;
  RETURN true;
END $$;
--> statement-breakpoint
CREATE FUNCTION signals_pending_for(
  p_user uuid, p_now timestamptz, p_platform text, p_terminal uuid, p_limit integer,
  p_account text
) RETURNS SETOF json LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(2401, hashtext(p_user::text));
  RETURN QUERY SELECT to_json(signals.*) FROM signals
  WHERE user_id = p_user AND expires_at > p_now
    AND status NOT IN ('quota_blocked', 'failed')
    AND (platform IS NULL OR platform = p_platform)
    AND (account IS NULL OR account = p_account)
    AND NOT EXISTS (SELECT 1 FROM signal_deliveries d
      WHERE d.signal_id = signals.id AND d.terminal_id = p_terminal)
  ORDER BY received_at
  LIMIT p_limit;
END $$;
