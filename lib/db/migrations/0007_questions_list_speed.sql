-- The question list and keyword search at 100,000+ questions (figures in bench/RESULTS.md).
-- 1. The searched text, already lowered: lower() of Japanese text costs ~1 µs a row and was
--    most of what a keyword search spent checking rows; LIKE on this column is exact and cheap,
--    and its statistics (a histogram of real texts) give the planner each keyword's share.
ALTER TABLE questions ADD COLUMN search_text text GENERATED ALWAYS AS (lower(title || ' ' || body)) STORED;
DROP STATISTICS questions_search_text_stats;

-- 2. The solved list (few questions) from an index of its own, not by reading every question.
CREATE INDEX questions_solved_list_idx ON questions (is_pick_up DESC, created_at DESC, id DESC)
  WHERE solved_answer_id IS NOT NULL;

-- 3. Every change that can alter a list page is announced to the daemons, in the transaction
--    that makes it, so that their caches of hot pages drop what they hold (stream
--    "question_lists", handled by the daemon itself, never sent to /cable clients). One
--    notification per statement; PostgreSQL folds identical ones of a transaction together.
--    Answers need none of their own: their trigger updates questions.answers_count.
CREATE FUNCTION questions_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('camp_cable', json_build_object('stream', 'question_lists',
                                                    'message', json_build_object('table', TG_TABLE_NAME))::text);
  RETURN NULL;
END $$;
CREATE TRIGGER questions_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();
CREATE TRIGGER question_categories_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_categories
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();
-- A list shows each author's nickname, picture and role.
CREATE TRIGGER accounts_lists_changed AFTER UPDATE OF nickname, image_url, role ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();
