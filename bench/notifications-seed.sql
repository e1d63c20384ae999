-- bench/notifications.sh: :students students (course rails_4m) and :rows notifications spread
-- over them (every account about the same number), a fifth unread, categories mixed; then
-- ANALYZE, as the daemon would find a school that has used the centre for months.
INSERT INTO accounts (email, role, nickname, course_id, password_hash)
SELECT 'bench-student-' || i || '@example.com', 'student', '受講生 ' || i, (SELECT id FROM courses WHERE code = 'rails_4m'), 'x'
FROM generate_series(1, :students) i;
INSERT INTO notifications (account_id, category, kind, title, body, link, created_at, read_at)
SELECT a.ids[1 + i % cardinality(a.ids)],
       (ARRAY['review', 'question', 'event', 'student', 'announcement'])[1 + i % 5],
       'answer.created',
       'メンターさんが「ルーティングの書き方がわかりません」に回答しました',
       'resources を使うと7つのルーティングがまとめて作られます。',
       '/questions/' || (1 + i % 5000),
       now() - make_interval(secs => (:rows - i) * 10),
       CASE WHEN i % 5 = 0 THEN NULL ELSE now() END
FROM (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE role = 'student') a, generate_series(1, :rows) i;
ANALYZE accounts;
ANALYZE notifications;
