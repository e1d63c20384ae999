-- The dashboard's per-course figures (lib/reporting/dashboard.cpp): active and behind students of
-- every course in one pass over this index alone (an index-only scan), where the course index
-- (course_id, status) had to visit each active student's row for its due_on.
CREATE INDEX students_active_course_due_idx ON students (course_id, due_on) WHERE status = 'active';
