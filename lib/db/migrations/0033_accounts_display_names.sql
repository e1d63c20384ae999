-- One display name for a person (docs/design.md "Display names"): the nickname, else the name
-- on the student record, else the e-mail's local part. A name of White_Space only (the
-- ideographic space included, as text::is_blank) counts as none; the name shown is trimmed.
-- Every statement that names someone reads it here, from display_name() or the view people.

-- text::trim's twin: every Unicode White_Space character off both ends.
CREATE FUNCTION camp_trim(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(t,
    '^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$',
    '', 'g')
$$;

CREATE FUNCTION display_name(nickname text, student_name text, email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(camp_trim(nickname), ''), nullif(camp_trim(student_name), ''), split_part(email, '@', 1))
$$;

-- Every account with its display name. The planner drops the join when display_name is not read.
CREATE VIEW people AS
SELECT a.id, a.role, a.email, a.nickname, a.image_url, a.course_id,
       display_name(a.nickname, s.name, a.email) AS display_name
FROM accounts a LEFT JOIN students s ON s.account_id = a.id;

-- Question lists show authors by display name: an e-mail or a student record may change it.
DROP TRIGGER accounts_lists_changed ON accounts;
CREATE TRIGGER accounts_lists_changed AFTER UPDATE OF nickname, email, image_url, role ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();
CREATE TRIGGER students_lists_changed AFTER INSERT OR DELETE OR UPDATE OF name, account_id ON students
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();

-- Daemons cache the signed-in account with its display name (accounts/session_cache.hpp): a
-- student record that names an account anew announces it on "sessions", as account changes do.
CREATE FUNCTION students_announce_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.account_id IS NOT NULL THEN
    PERFORM pg_notify('camp_cable', json_build_object('stream', 'sessions', 'message',
                      json_build_object('account_id', OLD.account_id))::text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.account_id IS NOT NULL THEN
    PERFORM pg_notify('camp_cable', json_build_object('stream', 'sessions', 'message',
                      json_build_object('account_id', NEW.account_id))::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER students_announce_account AFTER INSERT OR DELETE ON students
  FOR EACH ROW EXECUTE FUNCTION students_announce_account();
CREATE TRIGGER students_announce_renamed AFTER UPDATE OF name, account_id ON students
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION students_announce_account();
