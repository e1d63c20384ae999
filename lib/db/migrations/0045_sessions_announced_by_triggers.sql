-- Daemons keep signed-in accounts in memory (lib/accounts/session_cache.hpp) and drop an
-- account's entries when "sessions" names it. The statements of camp that change an account or
-- end a session used to announce it themselves; a change made any other way (psql, a future
-- statement that forgets) went unheard until the entry expired. Triggers announce every such
-- change now, whoever makes it, and the statements no longer do. One notification per account
-- and transaction: PostgreSQL folds identical ones.
CREATE FUNCTION announce_account(account_id bigint) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('camp_cable', json_build_object('stream', 'sessions', 'message',
                   json_build_object('account_id', account_id))::text)
$$;

-- What a signed-in account carries: role, e-mail, nickname, picture, course, anonymisation
-- (display names and two-factor login are announced by migrations 0033 and 0036).
CREATE FUNCTION accounts_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_account(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
CREATE TRIGGER accounts_announce_change AFTER UPDATE ON accounts
  FOR EACH ROW WHEN ((OLD.role, OLD.email, OLD.nickname, OLD.image_url, OLD.course_id, OLD.anonymised_at)
                     IS DISTINCT FROM (NEW.role, NEW.email, NEW.nickname, NEW.image_url, NEW.course_id, NEW.anonymised_at))
  EXECUTE FUNCTION accounts_announce_change();
CREATE TRIGGER accounts_announce_delete AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_announce_change();

-- A session revoked, cut short or deleted while it could still be used. (Pruning deletes
-- expired sessions: nobody to tell.)
CREATE FUNCTION sessions_announce_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_account(a) FROM (SELECT DISTINCT account_id AS a FROM ended WHERE expires_at > now()) x;
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions
  REFERENCING NEW TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION sessions_announce_end();
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION sessions_announce_end();
