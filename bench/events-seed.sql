-- Seeds the events bench (bench/events.sh): :rows published events spread over the past and
-- the coming weeks, one event "満席テスト" with :capacity seats, and :joiners students with a
-- session each (jti bench-<id>; bench/events.mjs signs their tokens with the data_dir secret).
INSERT INTO events (title, tag_id, description, capacity, starts_at, ends_at, status, publish_seq, published_at)
SELECT 'ベンチ用イベント ' || g, 1 + g % 4, 'ベンチマーク用の説明文です。', 20,
       now() + ((g - :rows / 2) || ' hours')::interval, now() + ((g - :rows / 2) || ' hours')::interval + interval '2 hours',
       'published', nextval('events_publish_seq'), now()
FROM generate_series(1, :rows) g;
INSERT INTO events (title, tag_id, description, capacity, starts_at, ends_at, status, publish_seq, published_at)
VALUES ('満席テスト', 1, '', :capacity, now() + interval '3 days', now() + interval '3 days 2 hours', 'published',
        nextval('events_publish_seq'), now());
INSERT INTO accounts (email, role, nickname, course_id, password_hash)
SELECT 'bench-join-' || g || '@example.com', 'student', 'ベンチ ' || g, (SELECT id FROM courses WHERE code = 'rails_4m'), 'x'
FROM generate_series(1, :joiners) g;
INSERT INTO sessions (id, account_id, expires_at)
SELECT 'bench-' || id, id, now() + interval '1 day' FROM accounts WHERE email LIKE 'bench-join-%';
ANALYZE events;
