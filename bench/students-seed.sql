-- Seeds the students bench (bench/students.sh): :students student accounts (their records come
-- from the accounts trigger of migration 0020) with start dates spread over the last 200 days
-- and mentors in charge, :submissions submissions over the plans' tasks (the last of each student's ten and some others waiting) with their reviews, and
-- one admin with a session (jti bench-admin; bench/students.mjs signs its token).
INSERT INTO accounts (email, role, nickname, password_hash)
SELECT 'bench-mentor-' || g || '@example.com', 'advanced_mentor', 'ベンチ メンター ' || g, 'x' FROM generate_series(1, 20) g;
INSERT INTO accounts (email, role, nickname, password_hash) VALUES ('bench-admin@example.com', 'admin', 'ベンチ 管理者', 'x')
  ON CONFLICT DO NOTHING;
INSERT INTO sessions (id, account_id, expires_at)
SELECT 'bench-admin', id, now() + interval '1 day' FROM accounts WHERE email = 'bench-admin@example.com';
INSERT INTO accounts (email, role, nickname, course_id, password_hash, created_at)
SELECT 'bench-student-' || g || '@example.com', 'student', '受講生 ' || g, 1 + g % 3, 'x', now() - (g % 200 || ' days')::interval
FROM generate_series(1, :students) g;
UPDATE students s SET mentor_id = (SELECT id FROM accounts WHERE email = 'bench-mentor-' || (1 + s.id % 20) || '@example.com'),
       status = CASE WHEN s.id % 25 = 0 THEN 'on_leave' ELSE 'active' END
WHERE s.email LIKE 'bench-student-%';
-- :submissions submissions: each student works through the tasks of the plans in order (the
-- 10th waiting, some 4th waiting); past ten, earlier attempts that had changes requested.
INSERT INTO submissions (task_id, account_id, repository_url, status, created_at, reviewed_at)
SELECT t.task, a.id, 'https://github.com/bench/work', t.status,
       now() - ((t.n * 7) || ' hours')::interval, CASE WHEN t.status <> 'waiting' THEN now() - ((t.n * 7 - 2) || ' hours')::interval END
FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM accounts WHERE email LIKE 'bench-student-%') a
JOIN LATERAL (SELECT n, (ARRAY[3,9,10,13,14,18,19,20,21,22])[1 + (n - 1) % 10] AS task,
                     CASE WHEN n > 10 THEN 'changes_requested' WHEN n = 10 OR (a.r % 7 = 0 AND n = 4) THEN 'waiting'
                          ELSE 'approved' END AS status
              FROM generate_series(1, 40) n) t
  ON t.n <= ceil(:submissions::numeric / :students) AND (a.r - 1) * ceil(:submissions::numeric / :students) + t.n <= :submissions;
-- Each reviewed submission's review (the weekly trends count them and their waits).
INSERT INTO reviews (submission_id, account_id, status, comment, created_at)
SELECT s.id, m.id, s.status, 'ベンチのレビュー', s.reviewed_at FROM submissions s
JOIN accounts a ON a.id = s.account_id AND a.email LIKE 'bench-student-%'
JOIN accounts m ON m.email = 'bench-mentor-' || (1 + s.id % 20) || '@example.com'
WHERE s.reviewed_at IS NOT NULL;
ANALYZE;
