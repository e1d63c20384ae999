-- Personal access tokens (lib/tokens/, docs/tokens.md): an account's named, scoped and expiring
-- credentials for scripts and the remote `camp`. Only the SHA-256 of the secret is kept (256
-- random bits: no guessing to slow down, unlike a password). A revoked row stays until it is
-- pruned, so its secret answers token_revoked rather than an unknown token's 401.
CREATE TABLE personal_access_tokens (
  id           bigserial PRIMARY KEY,
  account_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  scopes       text[] NOT NULL CHECK (cardinality(scopes) BETWEEN 1 AND 20),
  token_hash   bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL CHECK (expires_at > created_at AND expires_at <= created_at + interval '366 days'),
  -- Written at most once a minute per token (lib/tokens/repo.cpp).
  last_used_at timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX personal_access_tokens_account_idx ON personal_access_tokens (account_id);
