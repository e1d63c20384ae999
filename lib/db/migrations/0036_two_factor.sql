-- Two-factor login (TOTP, RFC 6238; lib/accounts/two_factor.hpp, docs/privacy.md): the secret of
-- each account that started or finished enrolment, sealed like the questionnaire answers; its
-- recovery codes (argon2id hashes, each usable once); and the short-lived challenges that stand
-- between a right password and the code.

CREATE TABLE account_two_factor (
  account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  -- The secret, sealed (XChaCha20-Poly1305 under the questionnaire key file's current key).
  key_id     int NOT NULL CHECK (key_id > 0),
  nonce      bytea NOT NULL CHECK (length(nonce) = 24),
  sealed     bytea NOT NULL CHECK (length(sealed) BETWEEN 16 AND 1024),
  -- Null while enrolment waits for its first code; set when the code confirmed it.
  enabled_at timestamptz,
  -- The time step of the last code accepted: a code is never accepted twice (no replay).
  last_step  bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Key rotation walks the rows still sealed with an older key.
CREATE INDEX account_two_factor_key_idx ON account_two_factor (key_id);

CREATE TABLE account_recovery_codes (
  id         bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  code_hash  text NOT NULL CHECK (char_length(code_hash) BETWEEN 1 AND 200),
  used_at    timestamptz
);
CREATE INDEX account_recovery_codes_account_idx ON account_recovery_codes (account_id);

-- A right password for an account with two-factor login: the code must follow within minutes,
-- with this challenge. Only its hash (BLAKE2b) is kept.
CREATE TABLE two_factor_challenges (
  id             bytea PRIMARY KEY CHECK (length(id) = 32),
  account_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at     timestamptz NOT NULL,
  client_address text NOT NULL,
  user_agent     text NOT NULL
);
CREATE INDEX two_factor_challenges_expires_idx ON two_factor_challenges (expires_at);

-- Daemons cache the signed-in account with whether it uses two-factor login: a change
-- announces the account on "sessions", as account changes do.
CREATE FUNCTION two_factor_announce_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('camp_cable', json_build_object('stream', 'sessions', 'message',
                    json_build_object('account_id', CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END))::text);
  RETURN NULL;
END $$;
CREATE TRIGGER account_two_factor_announce AFTER INSERT OR DELETE OR UPDATE OF enabled_at ON account_two_factor
  FOR EACH ROW EXECUTE FUNCTION two_factor_announce_account();
