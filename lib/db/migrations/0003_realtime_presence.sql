-- Who is writing an answer right now. One row per (question, account, websocket connection),
-- kept fresh by its daemon's heartbeat; rows of a crashed daemon expire by themselves.
CREATE UNLOGGED TABLE question_presences (
  question_id   bigint NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  account_id    bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  connection_id text NOT NULL,
  heartbeat_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (question_id, account_id, connection_id)
);
CREATE INDEX question_presences_connection_idx ON question_presences (connection_id);
CREATE INDEX question_presences_heartbeat_idx ON question_presences (heartbeat_at);
