-- Notifications (docs/notifications.md): what happened (domain_events, recorded by the use case
-- in its own transaction), who was told (notifications), and how each account wants to hear of
-- it by mail (notification_preferences). Watching a question: question_watches.

-- A domain event waits here until a dispatcher (every daemon runs one; the CLI drains what its
-- command recorded) takes it FOR UPDATE SKIP LOCKED, writes its notifications and mails and
-- deletes it, in one transaction: each event is dispatched exactly once. An event whose dispatch
-- fails is tried again later (not_before) and kept as failed after a few attempts.
CREATE TABLE domain_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type ~ '^[a-z_]{1,32}\.[a-z_]{1,32}$'),
  actor_id bigint,  -- who caused it (nobody is notified of their own action); NULL: the system
  payload jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(payload) = 'object'),
  attempts int NOT NULL DEFAULT 0,
  not_before timestamptz NOT NULL DEFAULT now(),
  last_error text,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_due_idx ON domain_events (not_before, id) WHERE failed_at IS NULL;

-- One row per recipient. Categories are the notification centre's tabs: review (レビュー),
-- question (質問), event (イベント), student (受講生), announcement (お知らせ).
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('review', 'question', 'event', 'student', 'announcement')),
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,32}\.[a-z_]{1,32}$'),  -- the domain event's type
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 300),
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 300),  -- one line: the start of a comment, an answer
  link text NOT NULL CHECK (link ~ '^/[^/]' AND char_length(link) <= 500),  -- a path of the web app
  actor_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
  event_id bigint,  -- the domain event it came from (unique per recipient: told once)
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The list, newest first, all or one category; the unread count (all and per category) from a
-- partial index that holds only unread rows; one notification per recipient and event (also
-- how each daemon finds the rows of an event for its connected tabs); pruning by age.
CREATE INDEX notifications_list_idx ON notifications (account_id, id DESC);
CREATE INDEX notifications_category_idx ON notifications (account_id, category, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (account_id, category) WHERE read_at IS NULL;
CREATE UNIQUE INDEX notifications_event_idx ON notifications (event_id, account_id);
CREATE INDEX notifications_created_idx ON notifications (created_at);

-- Mail per category: immediately, in the daily digest, or never (in-app always). No row: the
-- category's default (lib/notifications/model.cpp, docs/notifications.md). The events
-- unsubscribe page writes the event row; the `school` opt-out (mail_unsubscriptions) still
-- stops every non-transactional mail.
CREATE TABLE notification_preferences (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('review', 'question', 'event', 'student', 'announcement')),
  mail text NOT NULL CHECK (mail IN ('immediately', 'daily', 'never')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, category)
);
-- The events opt-outs become the event category's preference: one store for both.
INSERT INTO notification_preferences (account_id, category, mail)
SELECT account_id, 'event', 'never' FROM mail_unsubscriptions WHERE topic = 'events';
DELETE FROM mail_unsubscriptions WHERE topic = 'events';

-- Who hears of a question's answers and solution besides its asker: askers and answerers
-- watch automatically; anyone who may read the question can watch or unwatch.
CREATE TABLE question_watches (
  question_id bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (question_id, account_id)
);
CREATE INDEX question_watches_account_idx ON question_watches (account_id);
INSERT INTO question_watches (question_id, account_id)
SELECT id, account_id FROM questions UNION SELECT question_id, account_id FROM answers
ON CONFLICT DO NOTHING;
