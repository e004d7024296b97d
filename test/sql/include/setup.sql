-- test/sql/include/setup.sql: the start of the suites that use it (\i):
-- the extension, and pg_temp.outcome.  pg_regress echoes these lines into
-- each suite's output.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS gpuscan;
RESET client_min_messages;

-- A statement's SQLSTATE and message, or 'ok'.
CREATE FUNCTION pg_temp.outcome(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE q;
  RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
  RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
