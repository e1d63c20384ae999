-- Invitations (lib/accounts/invitations.hpp, docs/api.md "Invitations"): an admin invites an
-- e-mail with a role (and a course for students and graduates); the person sets a nickname
-- and a password through the link in the mail, and the account is created then. Only the
-- SHA-256 of the link's id is stored. At most one pending invitation per e-mail: inviting
-- again replaces the row's id (the old link stops working) and its expiry.
CREATE TABLE invitations (
  id          bigserial PRIMARY KEY,
  email       text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  role        text NOT NULL CHECK (role IN ('admin', 'basic_mentor', 'advanced_mentor',
                'spot_advanced_mentor', 'student', 'graduate', 'trial')),
  course_id   smallint REFERENCES courses (id),
  nickname    text NOT NULL DEFAULT '' CHECK (char_length(nickname) <= 80),
  token_hash  bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  invited_by  bigint REFERENCES accounts (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL CHECK (expires_at > created_at),
  accepted_at timestamptz,
  account_id  bigint REFERENCES accounts (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX invitations_pending_email_key ON invitations (lower(email)) WHERE accepted_at IS NULL;
