-- 100,000 questions of Japanese and English text for bench/search.sh (about 100 characters
-- each, from a vocabulary of the words Rails students really use).
WITH vocab AS (
  SELECT ARRAY['マイグレーション','ルーティング','コントローラー','エラーが出る','解決できない','Rails','Ruby',
    'JavaScript','フォーム','バリデーション','デプロイ','Heroku','データベース','テーブル','カラム','画像',
    'アップロード','ログイン','認証','Devise','テスト','RSpec','Git','ブランチ','コンフリクト','CSS',
    'レイアウト','表示されない','保存できない','undefined method','nil','NoMethodError','ActiveRecord',
    'アソシエーション','has_many','belongs_to','ビュー','パーシャル','ヘルパー','非同期処理','fetch','Docker',
    '環境構築','インストール','に失敗する','について','方法がわからない','を実装したい','ページネーション',
    '検索機能','いいね機能','コメント','投稿','ユーザー','管理画面','本番環境','ローカル環境','gem','bundle install',
    'seed','モデル','params','strong parameters','redirect_to','render','flash','セッション','Cookie'] AS w
),
src AS (
  SELECT i,
         (SELECT id FROM accounts ORDER BY id LIMIT 1 OFFSET (i % 5)) AS account_id,
         (SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1 OFFSET (i % 20)) AS category_id
  FROM generate_series(1, 100000) AS i
)
INSERT INTO questions (account_id, category_id, title, body, created_at)
SELECT s.account_id, s.category_id,
       (SELECT string_agg(v.w[1 + floor(random() * array_length(v.w, 1))::int + 0 * g.n], ' ') FROM generate_series(1, 3 + (s.i % 2)) AS g(n)),
       (SELECT string_agg(v.w[1 + floor(random() * array_length(v.w, 1))::int + 0 * g.n], '、') FROM generate_series(1, 12) AS g(n)),
       now() - make_interval(mins => s.i)
FROM src s, vocab v;
ANALYZE questions;
