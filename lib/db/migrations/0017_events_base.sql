-- Events (docs/events.md): tags, events, participations with a waitlist, what each
-- account has seen (the unread badge), and the secret calendar feed tokens.

CREATE TABLE event_tags (
  id         serial PRIMARY KEY,
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX event_tags_name_key ON event_tags (name);
-- Tag 1 always exists: the default of a new event (the web app's draft starts with tagId 1).
INSERT INTO event_tags (id, name) VALUES (1, '勉強会'), (2, 'もくもく会'), (3, 'キャリア'), (4, '交流会');
SELECT setval('event_tags_id_seq', 4);

-- Times are instants; the school's dates and clock times (Asia/Tokyo) are derived on reading.
-- participants_count and waitlist_count are kept by the join/leave transactions, which hold
-- the event row FOR UPDATE, so the list reads them without counting.
CREATE TABLE events (
  id                 bigserial PRIMARY KEY,
  title              text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  tag_id             int NOT NULL DEFAULT 1 REFERENCES event_tags (id),
  image_url          text CHECK (char_length(image_url) <= 2048),
  description        text NOT NULL DEFAULT '' CHECK (char_length(description) <= 10000),
  capacity           int NOT NULL CHECK (capacity BETWEEN 1 AND 1000),
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL,
  meeting_url        text CHECK (char_length(meeting_url) <= 2048),
  status             text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'cancelled')),
  participants_count int NOT NULL DEFAULT 0 CHECK (participants_count >= 0),
  waitlist_count     int NOT NULL DEFAULT 0 CHECK (waitlist_count >= 0),
  -- Publishing order (a sequence value): the unread badge counts events published after the
  -- account's mark (event_reads).
  publish_seq        bigint,
  published_at       timestamptz,
  cancelled_at       timestamptz,
  -- Set by the one transaction that queued the day-before reminders (once per event).
  reminded_at        timestamptz,
  created_by         bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK ((status = 'draft') = (published_at IS NULL))
);
CREATE SEQUENCE events_publish_seq;
-- Upcoming (ascending) and past (descending) lists of published and cancelled events.
CREATE INDEX events_listed_idx ON events (starts_at, id) WHERE status <> 'draft';
CREATE INDEX events_drafts_idx ON events (created_at DESC, id DESC) WHERE status = 'draft';
CREATE INDEX events_publish_seq_idx ON events (publish_seq) WHERE publish_seq IS NOT NULL;

-- One row per account per event: a participant or on the waitlist. `seq` is the arrival
-- order, taken while the event row is locked, so it is the order of the joins themselves.
CREATE SEQUENCE event_participations_seq;
CREATE TABLE event_participations (
  event_id   bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status     text NOT NULL CHECK (status IN ('participant', 'waitlisted')),
  seq        bigint NOT NULL DEFAULT nextval('event_participations_seq'),
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, account_id)
);
CREATE INDEX event_participations_order_idx ON event_participations (event_id, status, seq);
CREATE INDEX event_participations_account_idx ON event_participations (account_id);

-- What the account has seen: every published event with publish_seq <= seen_seq.
CREATE TABLE event_reads (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  seen_seq   bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The secret of each account's iCalendar feed (/calendar/<token>.ics). Resetting replaces it.
CREATE TABLE calendar_feeds (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  token      text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{43}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
