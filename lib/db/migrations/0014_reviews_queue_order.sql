-- The review queue's order without a status (status=all) or with a generic plan: oldest
-- first walks this index and stops after the page (bench/RESULTS.md).
CREATE INDEX submissions_created_idx ON submissions (created_at, id);
