-- Mentions and the notifications' daily scan (docs/notifications.md).

-- What the scan already told: one row per (event type, object key), e.g. ('review.overdue',
-- '<submission>:<claimer>:<claimed at>'), inserted ON CONFLICT DO NOTHING in the transaction
-- that records the event, so each is told once however often and on however many daemons the
-- scan runs.
CREATE TABLE notification_marks (
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,32}\.[a-z_]{1,32}$'),
  object_key text NOT NULL CHECK (char_length(object_key) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, object_key)
);

-- A mention names accounts by exact nickname; the editors' autocomplete by its start,
-- case-insensitively.
CREATE INDEX accounts_nickname_idx ON accounts (nickname);
CREATE INDEX accounts_nickname_lower_idx ON accounts (lower(nickname) text_pattern_ops);
