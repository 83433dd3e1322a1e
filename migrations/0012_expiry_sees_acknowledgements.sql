-- Expiry fails the due signals no terminal acknowledged (expireUnreceivedSql in
-- server/src/core/signal-statements.ts). It locks them first, and an acknowledgement being
-- stored holds the signal's lock: expiry waits for it. Postgres then rechecks the signal's own
-- row, but a subquery in the same statement still reads the snapshot taken before the wait, in
-- which the terminal's delivery row is not there yet, and the signal was failed though its EA
-- had it. A plpgsql function, VOLATILE, because each query it runs takes a snapshot of its own,
-- after the lock was granted.
CREATE FUNCTION signal_acknowledged(p_signal uuid) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM signal_deliveries d WHERE d.signal_id = p_signal);
END $$;
