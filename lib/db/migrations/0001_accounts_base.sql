-- Courses, accounts, sessions, login throttling and uploads: the foundation.

CREATE TABLE courses (
  id         smallserial PRIMARY KEY,
  code       text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9_]{1,32}$'),
  name       text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  months     smallint NOT NULL CHECK (months BETWEEN 1 AND 24),
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO courses (code, name, months) VALUES
  ('rails_4m', 'Railsキャリアコース', 4),
  ('rails_5m', 'Railsキャリアコース', 5),
  ('u29', 'Railsキャリアコース（U29）', 3);

CREATE TABLE accounts (
  id            bigserial PRIMARY KEY,
  email         text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  role          text NOT NULL CHECK (role IN ('admin', 'basic_mentor', 'advanced_mentor',
                  'spot_advanced_mentor', 'student', 'graduate', 'trial')),
  nickname      text NOT NULL DEFAULT '' CHECK (char_length(nickname) <= 80),
  image_url     text CHECK (char_length(image_url) <= 2048),
  course_id     smallint REFERENCES courses (id),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));
CREATE INDEX accounts_role_idx ON accounts (role);

-- One row per issued token (its jti). Logout, a password change or an admin revokes it.
CREATE TABLE sessions (
  id          text PRIMARY KEY,
  account_id  bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  client_address text,
  user_agent  text
);
CREATE INDEX sessions_account_idx ON sessions (account_id) WHERE revoked_at IS NULL;

-- Failed logins counted per key ('email:...' or 'address:...') in a fixed window,
-- shared by every daemon instance.
CREATE TABLE login_throttles (
  key             text PRIMARY KEY,
  failures        integer NOT NULL,
  window_started_at timestamptz NOT NULL
);

CREATE TABLE uploads (
  id           bigserial PRIMARY KEY,
  account_id   bigint REFERENCES accounts (id) ON DELETE SET NULL,
  kind         text NOT NULL,
  path         text NOT NULL UNIQUE,
  content_type text NOT NULL,
  bytes        bigint NOT NULL CHECK (bytes > 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
