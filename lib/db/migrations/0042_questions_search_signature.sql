-- Keyword search walks the newest questions in list order until it has the capped count
-- (lib/questions/repo.cpp). Reading each row's text from the table cost ~1 µs a row, most of
-- it the heap visit, not LIKE; so the walk now reads a signature of each question's bigrams
-- from the ordering index itself (an index-only scan) and visits the table only for the rows
-- whose signature holds every probed bigram of the keywords. Figures in bench/RESULTS.md.

-- 1. camp_bigrams counted the original text's characters but cut the lowered one: where lower()
--    lengthens a text (an ICU locale makes U+0130 i + U+0307), its last bigrams were left out.
CREATE OR REPLACE FUNCTION camp_bigrams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
  FROM (SELECT lower(t) AS l) x, LATERAL (SELECT substr(x.l, i, 2) AS g FROM generate_series(1, char_length(x.l) - 1) AS i) s
  WHERE g !~ '\s'
$$;

-- 2. A bigram's bit among 1,024: its two code points, multiplied into 32 bits (Fibonacci
--    hashing), the top 10 bits. lib/questions/search_signature.cpp computes the same for the
--    keywords; tests/db/questions_test.cpp checks that both agree.
CREATE FUNCTION camp_bigram_bit(b text) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((((ascii(b)::int8 * 31 + ascii(substr(b, 2))) * 2654435761) % 4294967296) >> 22)::int
$$;
CREATE FUNCTION camp_bigram_signature(bigrams text[]) RETURNS bit(1024)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(B'1'::bit(1024) >> camp_bigram_bit(b)), B'0'::bit(1024)) FROM unnest(bigrams) b
$$;

ALTER TABLE questions ADD COLUMN search_signature bit(1024);
CREATE OR REPLACE FUNCTION questions_index_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.body IS DISTINCT FROM OLD.body THEN
    NEW.search_bigrams := camp_bigrams(NEW.title || ' ' || NEW.body);
    NEW.search_signature := camp_bigram_signature(NEW.search_bigrams);
  END IF;
  RETURN NEW;
END $$;
UPDATE questions SET search_bigrams = camp_bigrams(title || ' ' || body)
  WHERE char_length(lower(title || ' ' || body)) <> char_length(title || ' ' || body);
UPDATE questions SET search_signature = camp_bigram_signature(search_bigrams);
ALTER TABLE questions ALTER COLUMN search_signature SET NOT NULL;

-- 3. The ordering index carries what the walk and the list filters read, so that neither
--    visits the table for a row it does not keep.
DROP INDEX questions_list_idx;
CREATE INDEX questions_list_idx ON questions (is_pick_up DESC, created_at DESC, id DESC)
  INCLUDE (category_id, solved_answer_id, answers_count, search_signature);
