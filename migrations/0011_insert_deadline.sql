-- The deadline of a statement run in time (Database.inTime, server/src/db/db.ts): the webhook
-- answers 503 when the INSERT of its alert is not confirmed in time, so an INSERT that reaches
-- Postgres after its deadline must store nothing, and fail rather than answer with no rows. With
-- no rows it looked like an alertId already taken, and its alerts were answered 503 without the
-- failed record every alert given up on leaves (settleGivenUp in
-- server/src/core/signal-insert.ts). SQLSTATE SR408: outside the classes Postgres uses, and not
-- one of the data errors that are not worth retrying (db-errors.ts).
CREATE FUNCTION in_time(p_deadline timestamptz) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF statement_timestamp() >= p_deadline THEN
    RAISE EXCEPTION 'the statement reached the database % after its deadline',
      statement_timestamp() - p_deadline USING ERRCODE = 'SR408';
  END IF;
  RETURN true;
END $$;
