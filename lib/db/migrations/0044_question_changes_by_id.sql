-- The daemons keep the question box's hot list pages and each question's page in memory
-- (lib/questions/question_list_cache.hpp). Every write to questions used to tell them to
-- forget everything, and every answer writes its question (answers_count): in the school day
-- the cache was emptied thirty times a second. The notification now says what changed
-- (stream "question_lists"):
--   {"table": "questions", "ids": [...]}                 those questions changed in place (an
--                                                        answer, a solution, an edited text);
--   {"table": "questions", "lists": true, "ids": [...]}  the lists changed: questions deleted or
--                                                        moved (category, pick-up, creation time);
--   {"table": "questions", "lists": true}                a question asked (no page of it yet);
--   {"table": "answers", "ids": [...]}                   answers edited, by their questions' ids.
-- More than 100 questions in one statement, a TRUNCATE, and the other tables (categories,
-- authors: migrations 0007, 0033) still say {"table": ...} alone: forget everything.
CREATE FUNCTION question_changes_message(tbl text, ids bigint[], lists boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT json_build_object('stream', 'question_lists', 'message',
    CASE WHEN cardinality(ids) > 100 THEN json_build_object('table', tbl)
         WHEN lists THEN json_build_object('table', tbl, 'lists', true, 'ids', ids)
         ELSE json_build_object('table', tbl, 'ids', ids) END)::text
$$;

CREATE FUNCTION questions_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
  ids bigint[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT true, (array_agg(DISTINCT o.id))[1:101] INTO moved, ids FROM old_rows o;
  ELSE
    SELECT bool_or((o.category_id, o.is_pick_up, o.created_at) IS DISTINCT FROM (n.category_id, n.is_pick_up, n.created_at)),
           (array_agg(DISTINCT n.id))[1:101]
      INTO moved, ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id;
  END IF;
  IF ids IS NOT NULL THEN  -- else the statement matched no row
    PERFORM pg_notify('camp_cable', question_changes_message(TG_TABLE_NAME, ids, moved));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION questions_asked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('camp_cable', json_build_object('stream', 'question_lists', 'message',
                                                    json_build_object('table', TG_TABLE_NAME, 'lists', true))::text);
  RETURN NULL;
END $$;

DROP TRIGGER questions_lists_changed ON questions;
CREATE TRIGGER questions_lists_changed AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();
CREATE TRIGGER questions_asked AFTER INSERT ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION questions_asked();
CREATE TRIGGER questions_rows_changed AFTER UPDATE ON questions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION questions_rows_changed();
CREATE TRIGGER questions_rows_deleted AFTER DELETE ON questions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION questions_rows_changed();

-- A question's page shows its answers: an edited answer names its question (one added or
-- deleted writes answers_count, above).
CREATE FUNCTION answers_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  SELECT (array_agg(DISTINCT q))[1:101] INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.question_id), (n.question_id)) v (q);
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('camp_cable', question_changes_message(TG_TABLE_NAME, ids, false));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER answers_rows_changed AFTER UPDATE ON answers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION answers_rows_changed();
