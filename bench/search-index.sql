-- Which index answers keyword search best: the bigram GIN index the daemon uses
-- (questions.search_bigrams, migration 0002) or pg_trgm's GIN index on search_text. Run by
-- bench/search-index.sh on a database seeded by bench/search-seed.sql; times are the server's
-- (clock_timestamp around EXECUTE, no client or network), :reps runs per keyword.
--
-- For each keyword of bench/search.mjs and each index, the two questions a search asks:
--   count: the pager's total, capped at 201 matches (the daemon's questions.search_count, kSearchCountCap + 1)
--   page:  the newest 20 matches (the daemon's questions.search_page)
-- The bigram statements are the daemon's own SQL (the two rarest bigrams of each keyword by
-- pg_stats); pg_trgm gets the plain LIKE and the planner's choice with its index present.
\set ON_ERROR_STOP on
\if :{?reps}
\else
  \set reps 20
\endif

CREATE TEMP TABLE keywords (k text);
INSERT INTO keywords VALUES ('グレ'), ('エラー'), ('ルーティング'), ('rails'), ('NoMethodError'), ('保存 できない'),
  ('デプロイ heroku'), ('画像 アップロード'), ('いいね'), ('コン'), ('has_many'), ('管理画面 ユーザー'), ('テスト rspec'),
  ('ページ'), ('存在しない言葉'), ('パー'), ('ログイン 認証 devise'), ('fetch 非同期'), ('画'), ('レ');
CREATE TEMP TABLE timings (strategy text, k text, ms float8, matches bigint);

CREATE FUNCTION pg_temp.time_search(strategy text, count_sql text, page_sql text, reps int) RETURNS void AS $$
DECLARE
  kw text; words text[]; pats text[]; t0 timestamptz; n bigint; ids bigint[];
BEGIN
  FOR kw IN SELECT k FROM keywords LOOP
    words := regexp_split_to_array(kw, '\s+');
    pats := ARRAY(SELECT '%' || lower(w) || '%' FROM unnest(words) w);
    FOR i IN 1..reps LOOP
      t0 := clock_timestamp();
      EXECUTE count_sql INTO n USING pats, words;
      INSERT INTO timings VALUES (strategy || ' count', kw, 1000 * extract(epoch FROM clock_timestamp() - t0), n);
      t0 := clock_timestamp();
      EXECUTE page_sql INTO ids USING pats, words;
      INSERT INTO timings VALUES (strategy || ' page', kw, 1000 * extract(epoch FROM clock_timestamp() - t0), cardinality(ids));
    END LOOP;
  END LOOP;
END $$ LANGUAGE plpgsql;

-- The daemon's rare-bigram condition ($2: the keywords), as in lib/questions/repo.cpp.
\set rare '(SELECT coalesce(array_agg(k.b), ''{}'') FROM (SELECT b.b, row_number() OVER (PARTITION BY w.n ORDER BY coalesce(m.f, 0), b.b) AS r FROM unnest($2::text[]) WITH ORDINALITY w(word, n) CROSS JOIN LATERAL unnest(camp_bigrams(w.word)) b(b) LEFT JOIN (SELECT m.e, m.f FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) m(e, f) WHERE s.schemaname = current_schema() AND s.tablename = ''questions'' AND s.attname = ''search_bigrams'') m ON m.e = b.b) k WHERE k.r <= 2)'

SELECT count(*) AS questions FROM questions \gset
SELECT pg_size_pretty(pg_relation_size('questions_search_idx')) AS bigram_index_size \gset

SELECT pg_temp.time_search('bigram GIN',
  'SELECT count(*) FROM (SELECT 1 FROM questions q WHERE q.search_bigrams @> ' || :'rare' || ' AND q.search_text LIKE ALL ($1) LIMIT 201) n',
  'SELECT array_agg(id) FROM (SELECT q.id FROM questions q WHERE q.search_bigrams @> ' || :'rare' || ' AND q.search_text LIKE ALL ($1) ORDER BY q.is_pick_up DESC, q.created_at DESC, q.id DESC LIMIT 20) p',
  :reps);

CREATE EXTENSION IF NOT EXISTS pg_trgm;
\timing on
CREATE INDEX questions_search_trgm_idx ON questions USING gin (search_text gin_trgm_ops);
\timing off
ANALYZE questions;
SELECT pg_size_pretty(pg_relation_size('questions_search_trgm_idx')) AS trgm_index_size \gset

SELECT pg_temp.time_search('pg_trgm GIN',
  'SELECT count(*) FROM (SELECT 1 FROM questions q WHERE q.search_text LIKE ALL ($1) AND $2::text[] IS NOT NULL LIMIT 201) n',
  'SELECT array_agg(id) FROM (SELECT q.id FROM questions q WHERE q.search_text LIKE ALL ($1) AND $2::text[] IS NOT NULL ORDER BY q.is_pick_up DESC, q.created_at DESC, q.id DESC LIMIT 20) p',
  :reps);
DROP INDEX questions_search_trgm_idx;

\echo
\echo :questions questions; bigram GIN index :bigram_index_size, pg_trgm GIN index :trgm_index_size
\echo
SELECT k AS keyword, strategy, max(matches) AS matches,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS p50_ms,
       round(percentile_cont(0.95) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS p95_ms
FROM timings GROUP BY k, strategy ORDER BY k, strategy;
\echo Over every keyword:
SELECT strategy, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS p50_ms,
       round(percentile_cont(0.95) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS p95_ms,
       round(max(ms)::numeric, 2) AS max_ms
FROM timings GROUP BY strategy ORDER BY strategy;
