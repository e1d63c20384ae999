-- Idempotency-Key (docs/reliability.md): a write request retried with the same key by
-- the same account is applied once. The row is inserted by the request's first writing
-- transaction, inside that transaction (db/idempotency.hpp), so it exists exactly when the write
-- committed; the response is stored right after. A row without a response means the daemon died
-- between the commit and storing it: the write is applied, the retry is told so (409).
CREATE TABLE idempotency_keys (
  account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key         text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  fingerprint text NOT NULL,  -- sha256 of method, path and body: the same key for another request is refused
  status      int,
  body        text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);
-- Housekeeping deletes keys older than a day.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
