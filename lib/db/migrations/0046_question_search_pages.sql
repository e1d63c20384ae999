-- The daemons keep keyword searches' pages too (lib/questions/question_list_cache.hpp). A new
-- question changes a search only if it matches, and it cannot match a keyword whose bigram bits
-- its search signature (migration 0042) lacks: the notification of a question asked now
-- carries the signatures of the new questions (up to 5; more say nothing, and the daemons
-- forget every search), and a daemon keeps the searches none of them can match. An edit of a
-- title or body says so ("text"): every search is forgotten then.
CREATE OR REPLACE FUNCTION questions_asked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signatures text[];
BEGIN
  SELECT CASE WHEN count(*) BETWEEN 1 AND 5 THEN array_agg(search_signature::text) END INTO signatures FROM asked;
  PERFORM pg_notify('camp_cable', json_build_object('stream', 'question_lists', 'message',
    CASE WHEN signatures IS NULL THEN json_build_object('table', TG_TABLE_NAME, 'lists', true)
         ELSE json_build_object('table', TG_TABLE_NAME, 'lists', true, 'signatures', signatures) END)::text);
  RETURN NULL;
END $$;
DROP TRIGGER questions_asked ON questions;
CREATE TRIGGER questions_asked AFTER INSERT ON questions
  REFERENCING NEW TABLE AS asked FOR EACH STATEMENT EXECUTE FUNCTION questions_asked();

CREATE FUNCTION question_changes_message(tbl text, ids bigint[], lists boolean, text_changed boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT json_build_object('stream', 'question_lists', 'message',
    CASE WHEN cardinality(ids) > 100 THEN json_build_object('table', tbl)
         WHEN lists THEN json_build_object('table', tbl, 'lists', true, 'ids', ids)
         WHEN text_changed THEN json_build_object('table', tbl, 'ids', ids, 'text', true)
         ELSE json_build_object('table', tbl, 'ids', ids) END)::text
$$;

CREATE OR REPLACE FUNCTION questions_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
  text_changed boolean := false;
  ids bigint[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT true, (array_agg(DISTINCT o.id))[1:101] INTO moved, ids FROM old_rows o;
  ELSE
    SELECT bool_or((o.category_id, o.is_pick_up, o.created_at) IS DISTINCT FROM (n.category_id, n.is_pick_up, n.created_at)),
           bool_or((o.title, o.body) IS DISTINCT FROM (n.title, n.body)),
           (array_agg(DISTINCT n.id))[1:101]
      INTO moved, text_changed, ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id;
  END IF;
  IF ids IS NOT NULL THEN  -- else the statement matched no row
    PERFORM pg_notify('camp_cable', question_changes_message(TG_TABLE_NAME, ids, moved, text_changed));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION answers_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  SELECT (array_agg(DISTINCT q))[1:101] INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.question_id), (n.question_id)) v (q);
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('camp_cable', question_changes_message(TG_TABLE_NAME, ids, false, false));
  END IF;
  RETURN NULL;
END $$;
DROP FUNCTION question_changes_message(text, bigint[], boolean);
