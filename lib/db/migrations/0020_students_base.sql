-- Students (docs/students.md): one record per student, the mentor in charge and its
-- history, mentoring records, and the course plans (config/course-plans/*.yaml, written here by
-- lib/students/plan_sync.cpp) that decide when a student is behind schedule.

-- The plans as rows, so that "behind" is one indexed comparison (students.due_on < today).
CREATE TABLE course_plan_periods (
  course_id smallint NOT NULL REFERENCES courses (id),
  seq       smallint NOT NULL CHECK (seq >= 1),
  task_id   integer NOT NULL CHECK (task_id > 0),
  kind      text NOT NULL CHECK (kind IN ('approval', 'first_submission')),
  start_day smallint NOT NULL CHECK (start_day >= 1),
  end_day   smallint NOT NULL CHECK (end_day >= start_day),
  PRIMARY KEY (course_id, seq)
);

-- A student record exists before the account does: an imported student is invited, and
-- accepting the invitation links the account by e-mail (trigger below).
CREATE TABLE students (
  id          bigserial PRIMARY KEY,
  email       text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  name        text NOT NULL CHECK (char_length(name) <= 80),
  account_id  bigint UNIQUE REFERENCES accounts (id) ON DELETE SET NULL,
  course_id   smallint NOT NULL REFERENCES courses (id),
  start_date  date NOT NULL,
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'on_leave', 'graduated')),
  mentor_id   bigint REFERENCES accounts (id) ON DELETE SET NULL,
  -- The earliest planned end of a period not yet satisfied (null: all done). Maintained by the
  -- triggers below; behind <=> status = 'active' AND due_on < today (Asia/Tokyo).
  due_on      date,
  -- lower(name || e-mail || the account's nickname): what ?q= searches.
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX students_email_key ON students (lower(email));
CREATE INDEX students_start_idx ON students (start_date DESC, id DESC);
CREATE INDEX students_due_idx ON students (due_on) WHERE status = 'active';
CREATE INDEX students_mentor_idx ON students (mentor_id);
CREATE INDEX students_course_idx ON students (course_id, status);

CREATE TABLE student_mentor_changes (
  id         bigserial PRIMARY KEY,
  student_id bigint NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  mentor_id  bigint REFERENCES accounts (id) ON DELETE SET NULL,
  changed_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_mentor_changes_idx ON student_mentor_changes (student_id, changed_at DESC, id DESC);

CREATE TABLE mentorings (
  id         bigserial PRIMARY KEY,
  student_id bigint NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  author_id  bigint REFERENCES accounts (id) ON DELETE SET NULL,
  held_at    timestamptz NOT NULL,
  body       text NOT NULL CHECK (char_length(btrim(body)) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mentorings_student_idx ON mentorings (student_id, held_at DESC, id DESC);


-- due_on of one student: the earliest end of a period whose task lacks what the period needs.
CREATE FUNCTION students_due_on(p_account bigint, p_course smallint, p_start date) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT min(p_start + p.end_day - 1) FROM course_plan_periods p
  WHERE p.course_id = p_course
    AND NOT EXISTS (SELECT 1 FROM submissions s
                    WHERE s.account_id = p_account AND s.task_id = p.task_id
                      AND (p.kind = 'first_submission' OR s.status = 'approved'))
$$;

CREATE FUNCTION students_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE nick text;
BEGIN
  NEW.due_on := students_due_on(NEW.account_id, NEW.course_id, NEW.start_date);
  IF NEW.account_id IS NOT NULL THEN
    SELECT nickname INTO nick FROM accounts WHERE id = NEW.account_id;
  END IF;
  NEW.search_text := lower(NEW.name || ' ' || NEW.email || ' ' || coalesce(nick, ''));
  RETURN NEW;
END $$;
CREATE TRIGGER students_before_write BEFORE INSERT OR UPDATE OF course_id, start_date, account_id, name, email
  ON students FOR EACH ROW EXECUTE FUNCTION students_before_write();

-- Submissions change what is satisfied: recompute the students concerned, once per statement.
CREATE FUNCTION students_refresh_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students st SET due_on = students_due_on(st.account_id, st.course_id, st.start_date)
  WHERE st.account_id IN (SELECT account_id FROM changed_rows);
  RETURN NULL;
END $$;
CREATE TRIGGER submissions_due_insert AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION students_refresh_due();
CREATE TRIGGER submissions_due_update AFTER UPDATE ON submissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION students_refresh_due();
CREATE TRIGGER submissions_due_delete AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION students_refresh_due();

-- Accounts: a new student or graduate account gets (or is linked to) its record; the e-mail,
-- course and nickname follow the account.
CREATE FUNCTION students_account_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students SET account_id = NEW.id, updated_at = now()
  WHERE lower(email) = lower(NEW.email) AND account_id IS NULL;
  IF NOT FOUND AND NEW.course_id IS NOT NULL THEN
    INSERT INTO students (email, name, account_id, course_id, start_date, status)
    VALUES (NEW.email, NEW.nickname, NEW.id, NEW.course_id, (NEW.created_at AT TIME ZONE 'Asia/Tokyo')::date,
            CASE WHEN NEW.role = 'graduate' THEN 'graduated' ELSE 'active' END)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER students_account_inserted AFTER INSERT ON accounts
  FOR EACH ROW WHEN (NEW.role IN ('student', 'graduate')) EXECUTE FUNCTION students_account_inserted();

CREATE FUNCTION students_account_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE students SET email = NEW.email, course_id = coalesce(NEW.course_id, course_id),
         search_text = lower(name || ' ' || NEW.email || ' ' || NEW.nickname)
  WHERE account_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER students_account_updated AFTER UPDATE OF email, course_id, nickname ON accounts
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.course_id IS DISTINCT FROM NEW.course_id
                     OR OLD.nickname IS DISTINCT FROM NEW.nickname)
  EXECUTE FUNCTION students_account_updated();

-- Students that exist already.
INSERT INTO students (email, name, account_id, course_id, start_date, status)
SELECT a.email, a.nickname, a.id, a.course_id, (a.created_at AT TIME ZONE 'Asia/Tokyo')::date,
       CASE WHEN a.role = 'graduate' THEN 'graduated' ELSE 'active' END
FROM accounts a WHERE a.role IN ('student', 'graduate') AND a.course_id IS NOT NULL;
