-- The review queue benchmark's data (bench/reviews.sh): :rows submissions over the fixture
-- curriculum (tasks 901-904) by :rows/4 students (one per task each), a third of them still
-- waiting, the rest reviewed; and the demo student's full history (every task of every
-- curriculum, the real 22 and the fixture's 4: three rounds of changes, then approved).
\set ON_ERROR_STOP on
BEGIN;
INSERT INTO accounts (email, role, nickname, course_id, password_hash)
SELECT 'bench-reviews-' || g || '@example.com', 'student', 'ベンチ受講生 ' || g,
       (SELECT id FROM courses WHERE code = 'rails_4m'), 'x'
FROM generate_series(1, :rows / 4) g;
WITH s AS (
  SELECT n, a.id AS account_id, 901 + (n / (:rows / 4)) % 4 AS task_id,
         CASE WHEN n % 3 = 0 THEN 'waiting' WHEN n % 3 = 1 THEN 'changes_requested' ELSE 'approved' END AS status
  FROM generate_series(1, :rows) n
  JOIN accounts a ON a.email = 'bench-reviews-' || (1 + n % (:rows / 4)) || '@example.com'
)
INSERT INTO submissions (task_id, account_id, repository_url, status, created_at, reviewed_at)
SELECT task_id, account_id, 'https://github.com/bench/' || n, status,
       now() - make_interval(mins => :rows - n), CASE WHEN status = 'waiting' THEN NULL ELSE now() END
FROM s;
INSERT INTO reviews (submission_id, account_id, status, comment)
SELECT s.id, (SELECT id FROM accounts WHERE email = 'basic-mentor@example.com'), s.status, 'ベンチのレビュー'
FROM submissions s WHERE s.status <> 'waiting' AND s.repository_url LIKE 'https://github.com/bench/%';
-- The demo student's full history: three rounds of changes, then approved, on every task.
INSERT INTO submissions (task_id, account_id, repository_url, status, created_at)
SELECT t.id, a.id, 'https://github.com/hanako/history-' || t.id || '-' || r,
       CASE WHEN r < 4 THEN 'changes_requested' ELSE 'approved' END, now() - make_interval(days => 40 - r)
FROM tasks t, generate_series(1, 4) r, accounts a
WHERE a.email = 'student@example.com'
ON CONFLICT DO NOTHING;
COMMIT;
ANALYZE submissions;
ANALYZE reviews;
SELECT status, count(*) FROM submissions GROUP BY status ORDER BY status;
