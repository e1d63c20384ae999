-- Curriculums and their tasks (imported from config/curriculum by `camp curriculum import`),
-- students' submissions, mentors' reviews, and milestones to share.

CREATE TABLE curriculums (
  name        text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  title       text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  position    integer NOT NULL,
  milestone   text CHECK (milestone ~ '^[a-z0-9_]{1,100}$'),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Task ids are fixed by the content files (the course plans name them), not generated.
CREATE TABLE tasks (
  id                integer PRIMARY KEY CHECK (id > 0),
  curriculum_name   text NOT NULL REFERENCES curriculums (name),
  title             text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  position          integer NOT NULL,
  review_level      text NOT NULL CHECK (review_level IN ('basic', 'advanced')),
  source_repository text CHECK (char_length(source_repository) <= 500),
  -- source_repository normalised (lib/curriculum/repository_url.cpp): what submissions are compared with
  source_key        text,
  body              text NOT NULL DEFAULT '' CHECK (char_length(body) <= 200000),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_curriculum_idx ON tasks (curriculum_name, position, id);

-- Every submission is kept; a review decides its status once. A task with submissions cannot
-- be deleted (RESTRICT): the importer refuses first, naming the task.
CREATE TABLE submissions (
  id             bigserial PRIMARY KEY,
  task_id        integer NOT NULL REFERENCES tasks (id) ON DELETE RESTRICT,
  account_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  repository_url text NOT NULL CHECK (char_length(repository_url) BETWEEN 1 AND 500),
  status         text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'changes_requested', 'approved')),
  claimed_by     bigint REFERENCES accounts (id) ON DELETE SET NULL,
  claimed_at     timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  reviewed_at    timestamptz
);
-- The queue: oldest first within a status.
CREATE INDEX submissions_queue_idx ON submissions (status, created_at, id);
CREATE INDEX submissions_task_queue_idx ON submissions (task_id, status, created_at, id);
-- A student's history of a task, newest first (the latest decides the task's status).
CREATE INDEX submissions_student_idx ON submissions (account_id, task_id, created_at DESC, id DESC);
-- The submit rule's backstop: one open and at most one approved submission per student and task.
CREATE UNIQUE INDEX submissions_one_waiting_key ON submissions (account_id, task_id) WHERE status = 'waiting';
CREATE UNIQUE INDEX submissions_one_approved_key ON submissions (account_id, task_id) WHERE status = 'approved';

-- One review per submission: the review that lands decides; a second one is refused (409).
CREATE TABLE reviews (
  id            bigserial PRIMARY KEY,
  submission_id bigint NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  account_id    bigint NOT NULL REFERENCES accounts (id),
  status        text NOT NULL CHECK (status IN ('approved', 'changes_requested')),
  comment       text NOT NULL CHECK (char_length(btrim(comment)) BETWEEN 1 AND 20000),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reviews_submission_key ON reviews (submission_id);
CREATE INDEX reviews_reviewer_idx ON reviews (account_id, created_at);

-- Milestones to share on X: created once per kind and account, shown once.
CREATE TABLE milestones (
  id             bigserial PRIMARY KEY,
  account_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  milestone_type text NOT NULL CHECK (milestone_type ~ '^[a-z0-9_]{1,100}$'),
  created_at     timestamptz NOT NULL DEFAULT now(),
  shown_at       timestamptz,
  UNIQUE (account_id, milestone_type)
);
CREATE INDEX milestones_unshown_idx ON milestones (account_id, created_at, id) WHERE shown_at IS NULL;
