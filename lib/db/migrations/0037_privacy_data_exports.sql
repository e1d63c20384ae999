-- "My data" (docs/privacy.md): each account's requests for a ZIP of everything the school holds
-- about it. A daemon's worker builds the ZIP (lib/privacy/data_export_worker.hpp) and keeps it
-- here, not on a disk: daemons keep no local state. The bytes are deleted at expires_at.
CREATE TABLE data_exports (
  id           bigserial PRIMARY KEY,
  account_id   bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'expired', 'failed')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  ready_at     timestamptz,
  expires_at   timestamptz,
  size_bytes   bigint,
  zip          bytea,
  attempts     int NOT NULL DEFAULT 0,
  CHECK ((status = 'ready') = (zip IS NOT NULL)),
  CHECK (status <> 'ready' OR expires_at IS NOT NULL)
);
-- The account's list and its rate limit (the latest request), newest first.
CREATE INDEX data_exports_account_idx ON data_exports (account_id, requested_at DESC);
-- The worker's queue and its purge.
CREATE INDEX data_exports_pending_idx ON data_exports (requested_at, id) WHERE status = 'pending';
CREATE INDEX data_exports_ready_idx ON data_exports (expires_at) WHERE status = 'ready';
