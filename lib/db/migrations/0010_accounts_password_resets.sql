-- Password reset tokens (lib/accounts/password_resets.hpp, docs/api.md "Password reset").
-- Only the SHA-256 of the token is stored: a database leak gives no working link. A token is
-- single-use (used_at) and expires an hour after it was issued; the times come from the
-- service's clock, so tests can move time. A successful reset uses up every open token of
-- the account.
CREATE TABLE password_resets (
  id          bigserial PRIMARY KEY,
  account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  token_hash  bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at     timestamptz,
  client_address text
);
CREATE INDEX password_resets_open_idx ON password_resets (account_id) WHERE used_at IS NULL;
CREATE INDEX password_resets_expires_idx ON password_resets (expires_at);
