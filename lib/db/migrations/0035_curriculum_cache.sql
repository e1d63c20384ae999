-- Every change to curriculums or tasks is announced to the daemons, in the transaction that
-- makes it, so that their caches of the curriculum tree drop what they hold (stream
-- "curriculums", handled by the daemon itself, never sent to /cable clients). One notification
-- per statement; PostgreSQL folds identical ones of a transaction together.
CREATE FUNCTION curriculums_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('camp_cable', json_build_object('stream', 'curriculums',
                                                    'message', json_build_object('table', TG_TABLE_NAME))::text);
  RETURN NULL;
END $$;
CREATE TRIGGER curriculums_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON curriculums
  FOR EACH STATEMENT EXECUTE FUNCTION curriculums_changed();
CREATE TRIGGER tasks_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION curriculums_changed();
