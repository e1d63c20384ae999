-- The askers' reminders are notifications now (question.unsolved): whether a mail went out is
-- the dispatcher's and the outbox's business, no longer recorded beside the reminder.
ALTER TABLE question_reminders DROP COLUMN mailed;

-- The notifications' housekeeping deletes marks older than notifications.retention_days.
CREATE INDEX notification_marks_created_at_idx ON notification_marks (created_at);
