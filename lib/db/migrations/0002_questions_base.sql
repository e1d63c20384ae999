-- Question box: a category tree, questions, answers, and a bigram index for search.
-- Japanese has no spaces between words and users search with two-character fragments, which
-- trigram and word indexes cannot find; every two-character substring is indexed instead.

CREATE TABLE categories (
  id          serial PRIMARY KEY,
  parent_id   integer REFERENCES categories (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  search_name text CHECK (char_length(search_name) <= 200),
  position    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_key ON categories (coalesce(parent_id, 0), name);

-- Distinct two-character substrings of lower(text): what keywords are matched against.
CREATE FUNCTION camp_bigrams(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
  FROM (SELECT substr(lower(t), i, 2) AS g FROM generate_series(1, char_length(t) - 1) AS i) s
  WHERE g !~ '\s'
$$;

CREATE TABLE questions (
  id              bigserial PRIMARY KEY,
  account_id      bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  category_id     integer NOT NULL REFERENCES categories (id),
  title           text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  body            text NOT NULL DEFAULT '' CHECK (char_length(body) <= 20000),
  is_pick_up      boolean NOT NULL DEFAULT false,
  solved_answer_id bigint,
  answers_count   integer NOT NULL DEFAULT 0,
  search_bigrams  text[] NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX questions_search_idx ON questions USING gin (search_bigrams);
CREATE INDEX questions_list_idx ON questions (is_pick_up DESC, created_at DESC, id DESC);
CREATE INDEX questions_category_idx ON questions (category_id, created_at DESC);
CREATE INDEX questions_account_idx ON questions (account_id);

CREATE FUNCTION questions_index_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_bigrams := camp_bigrams(NEW.title || ' ' || NEW.body);
  RETURN NEW;
END $$;
CREATE TRIGGER questions_index_text BEFORE INSERT OR UPDATE OF title, body ON questions
  FOR EACH ROW EXECUTE FUNCTION questions_index_text();

CREATE TABLE answers (
  id          bigserial PRIMARY KEY,
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  body        text NOT NULL CHECK (char_length(btrim(body)) BETWEEN 1 AND 20000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answers_question_idx ON answers (question_id, created_at);

ALTER TABLE questions ADD CONSTRAINT questions_solved_answer_fk
  FOREIGN KEY (solved_answer_id) REFERENCES answers (id) ON DELETE SET NULL;

-- answers_count stays right whoever writes the answers.
CREATE FUNCTION answers_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE questions SET answers_count = answers_count + 1 WHERE id = NEW.question_id;
  ELSE
    UPDATE questions SET answers_count = answers_count - 1 WHERE id = OLD.question_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER answers_count_sync AFTER INSERT OR DELETE ON answers
  FOR EACH ROW EXECUTE FUNCTION answers_count_sync();
