-- Uploads live in PostgreSQL, not under data_dir (issue 28: no local state in a daemon). The
-- bytes are stored once per content (keyed by their SHA-256); each upload row (owner, kind,
-- the URL's path, the quota's size) names its blob. Rows recorded before this migration have
-- no blob until `camp uploads migrate` reads their files (docs/deploy.md, "Upgrading to blobs").
CREATE TABLE blobs (
  sha256       text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL,
  size_bytes   bigint NOT NULL CHECK (size_bytes > 0),
  data         bytea NOT NULL CHECK (octet_length(data) = size_bytes),
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- JPEG, PNG and WebP are compressed already: out of line, without pglz trying again.
ALTER TABLE blobs ALTER COLUMN data SET STORAGE EXTERNAL;

ALTER TABLE uploads ADD COLUMN blob_sha256 text REFERENCES blobs (sha256);
CREATE INDEX uploads_blob_idx ON uploads (blob_sha256);

-- A blob goes with the last upload that names it, in the same transaction. The lock first, then
-- the check in a statement of its own (a fresh snapshot under READ COMMITTED): an upload of the
-- same bytes holds the blob's row (ON CONFLICT DO UPDATE, or its foreign key check) until it
-- commits, so it is either seen here or finds the blob gone and inserts it again. Every delete
-- also tells the daemons to drop their cached copies (stream "uploads", daemon/server.cpp).
CREATE FUNCTION uploads_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM blobs WHERE sha256 IN (SELECT blob_sha256 FROM gone) ORDER BY sha256 FOR UPDATE;
  DELETE FROM blobs b WHERE b.sha256 IN (SELECT blob_sha256 FROM gone)
    AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.blob_sha256 = b.sha256);
  PERFORM pg_notify('camp_cable', '{"stream":"uploads","message":{}}');
  RETURN NULL;
END $$;
CREATE TRIGGER uploads_deleted AFTER DELETE ON uploads REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION uploads_deleted();
