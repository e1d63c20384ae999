-- Reviews by the time they were given: the dashboard's weekly trends count them and their
-- waits from the first week's Monday on (lib/reporting/trends.cpp, docs/students.md).
CREATE INDEX reviews_created_idx ON reviews (created_at);
