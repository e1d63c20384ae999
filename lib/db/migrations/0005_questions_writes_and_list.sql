-- Question box writes and the list at scale.
-- 1. The bigrams are recomputed only when the title or body really changed: a pick-up toggle
--    or a solution no longer rewrites the search array (updates now write only what changed,
--    but "SET title = coalesce(NULL, title)" still names the column).
CREATE OR REPLACE FUNCTION questions_index_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.body IS DISTINCT FROM OLD.body THEN
    NEW.search_bigrams := camp_bigrams(NEW.title || ' ' || NEW.body);
  END IF;
  RETURN NEW;
END $$;
-- 2. Statistics on the searched text, so that the planner estimates how many questions a
--    keyword's LIKE keeps (without them it guesses a handful and reads every candidate).
CREATE STATISTICS questions_search_text_stats ON (lower(title || ' ' || body)) FROM questions;
