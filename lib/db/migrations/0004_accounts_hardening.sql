-- Accounts hardening: per-account upload limits and pruning of old throttle and session rows.

-- An account's uploads: its total bytes and its uploads of the last hour, from the index alone.
CREATE INDEX uploads_account_created_idx ON uploads (account_id, created_at) INCLUDE (bytes);

-- Pruning (SessionService::prune_expired) finds old rows without reading the whole table.
CREATE INDEX login_throttles_window_idx ON login_throttles (window_started_at);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX sessions_revoked_idx ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
