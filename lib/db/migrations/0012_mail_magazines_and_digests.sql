-- The mail magazine and "nothing left waiting" (docs/mail.md).

-- Every magazine sent (camp mail magazine send): the same subject and body twice is refused
-- unless the operator says --again, so the hash is looked up before each send.
CREATE TABLE mail_magazine_sends (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  body_sha256 text NOT NULL CHECK (body_sha256 ~ '^[0-9a-f]{64}$'),  -- of subject, LF, body
  roles text[] NOT NULL DEFAULT '{}',                                -- empty: every role
  recipients int NOT NULL CHECK (recipients >= 0),
  again boolean NOT NULL DEFAULT false,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_magazine_sends_hash_idx ON mail_magazine_sends (body_sha256);

-- Periodic mails that must go out once per school day (Asia/Tokyo) however many daemons run:
-- the row is inserted in the transaction that queues the mails, so a second run of the same
-- day waits for the first and then finds the key taken.
CREATE TABLE mail_runs (
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,32}$'),
  day date NOT NULL,
  mails int NOT NULL CHECK (mails >= 0),
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, day)
);

-- One reminder per question ("your question has answers: is it solved?"). A row means the
-- question was considered; `mailed` whether the asker wanted the mail (topic school).
CREATE TABLE question_reminders (
  question_id bigint PRIMARY KEY REFERENCES questions (id) ON DELETE CASCADE,
  mailed boolean NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- The digest's and the reminders' questions: unanswered ones by age, unsolved ones with answers.
CREATE INDEX questions_unanswered_idx ON questions (created_at) WHERE answers_count = 0;
CREATE INDEX questions_unsolved_idx ON questions (created_at) WHERE answers_count > 0 AND solved_answer_id IS NULL;
