-- Questions of Japanese and English text for the search and list benchmarks: 3–4 title words
-- and 12 body words drawn at random per question from 68 words Rails students really use,
-- one minute apart, every 2,000th picked up.
--   psql URL -v rows=100000 -f bench/search-seed.sql      (rows defaults to 100000)
-- Fast enough for 1,000,000 rows: words are separated by spaces, so a question's bigrams are
-- the union of its words' bigrams, computed once per word here instead of by the trigger
-- (a sample is checked against camp_bigrams() at the end).
\if :{?rows}
\else
  \set rows 100000
\endif
\set ON_ERROR_STOP on

CREATE TEMP TABLE vocab AS
SELECT n::int AS n, w, camp_bigrams(w) AS g
FROM unnest(ARRAY['マイグレーション','ルーティング','コントローラー','エラーが出る','解決できない','Rails','Ruby',
    'JavaScript','フォーム','バリデーション','デプロイ','Heroku','データベース','テーブル','カラム','画像',
    'アップロード','ログイン','認証','Devise','テスト','RSpec','Git','ブランチ','コンフリクト','CSS',
    'レイアウト','表示されない','保存できない','undefined method','nil','NoMethodError','ActiveRecord',
    'アソシエーション','has_many','belongs_to','ビュー','パーシャル','ヘルパー','非同期処理','fetch','Docker',
    '環境構築','インストール','に失敗する','について','方法がわからない','を実装したい','ページネーション',
    '検索機能','いいね機能','コメント','投稿','ユーザー','管理画面','本番環境','ローカル環境','gem','bundle install',
    'seed','モデル','params','strong parameters','redirect_to','render','flash','セッション','Cookie'])
  WITH ORDINALITY AS v(w, n);
SELECT count(*) AS words FROM vocab \gset
CREATE TEMP TABLE seed_refs AS
SELECT (SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM accounts ORDER BY id LIMIT 5) a) AS accounts,
       (SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM question_categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 20) c) AS categories;

-- The trigger would recompute what we already know (the bigrams and their signature); triggers (and foreign-key checks, whose
-- targets were just read) are off for this session only.
SET session_replication_role = replica;
INSERT INTO questions (account_id, category_id, title, body, is_pick_up, search_bigrams, search_signature,
                       created_at, updated_at)
SELECT r.accounts[1 + i % array_length(r.accounts, 1)],
       r.categories[1 + i % array_length(r.categories, 1)],
       (SELECT string_agg(v.w, ' ' ORDER BY k.o) FROM unnest(t.title_words) WITH ORDINALITY k(n, o) JOIN vocab v USING (n)),
       (SELECT string_agg(v.w, ' ' ORDER BY k.o) FROM unnest(t.body_words) WITH ORDINALITY k(n, o) JOIN vocab v USING (n)),
       i % 2000 = 0, g.bigrams, camp_bigram_signature(g.bigrams),
       now() - make_interval(mins => i), now() - make_interval(mins => i)
FROM generate_series(1, :rows) AS i
CROSS JOIN seed_refs r
CROSS JOIN LATERAL (
  SELECT (SELECT array_agg(1 + floor(random() * (:words))::int) FROM generate_series(1, 3 + i % 2)) AS title_words,
         (SELECT array_agg(1 + floor(random() * (:words))::int) FROM generate_series(1, 12 + 0 * i)) AS body_words
) t
CROSS JOIN LATERAL (
  SELECT array_agg(DISTINCT b) AS bigrams FROM unnest(t.title_words || t.body_words) k(n) JOIN vocab v USING (n), unnest(v.g) b
) g;
RESET session_replication_role;

-- The shortcut must give exactly what the trigger gives.
DO $$
DECLARE wrong int;
BEGIN
  SELECT count(*) INTO wrong FROM (SELECT * FROM questions ORDER BY id DESC LIMIT 200) q
  WHERE NOT (q.search_bigrams @> camp_bigrams(q.title || ' ' || q.body) AND q.search_bigrams <@ camp_bigrams(q.title || ' ' || q.body)
             AND q.search_signature = camp_bigram_signature(camp_bigrams(q.title || ' ' || q.body)));
  IF wrong > 0 THEN RAISE EXCEPTION 'seeded bigrams differ from camp_bigrams() in % rows', wrong; END IF;
END $$;
VACUUM ANALYZE questions;
