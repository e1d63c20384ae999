-- Subsidy questionnaires (lib/questionnaires, docs/questionnaires.md): one answer per account
-- and kind, sealed (XChaCha20-Poly1305 under a key kept outside the database: the key file),
-- the reminders sent, and the audit log of every read and export of personal data.

CREATE TABLE questionnaire_answers (
  id           bigserial PRIMARY KEY,
  account_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('pre-curriculum', 'post-curriculum', 'post-job-change', 'follow-up')),
  -- The whole answer (JSON) sealed: nothing of it is readable in the database or a dump.
  key_id       int NOT NULL CHECK (key_id > 0),
  nonce        bytea NOT NULL CHECK (length(nonce) = 24),
  sealed       bytea NOT NULL CHECK (length(sealed) BETWEEN 16 AND 1048576),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  -- A second submission of the same kind is a conflict (409): the answer is final.
  UNIQUE (account_id, kind)
);
-- Exports by kind and period, in submission order.
CREATE INDEX questionnaire_answers_kind_idx ON questionnaire_answers (kind, submitted_at, id);
-- Key rotation walks the rows still sealed with an older key.
CREATE INDEX questionnaire_answers_key_idx ON questionnaire_answers (key_id);

CREATE TABLE questionnaire_reminders (
  account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('pre-curriculum', 'post-curriculum', 'post-job-change', 'follow-up')),
  reminded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, kind)
);

-- Who read or exported personal data, what, when and why. Rows are only ever inserted.
CREATE TABLE audit_log (
  id         bigserial PRIMARY KEY,
  -- The admin account (API), or null for an operator at the CLI (actor names the Unix user).
  actor_id   bigint REFERENCES accounts (id) ON DELETE SET NULL,
  actor      text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 300),
  action     text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  subject    text NOT NULL CHECK (char_length(subject) <= 200),
  reason     text NOT NULL CHECK (char_length(reason) <= 200),
  detail     jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
