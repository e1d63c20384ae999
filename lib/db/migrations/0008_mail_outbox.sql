-- The mail outbox (lib/mail, docs/mail.md): a mail is a row written in the transaction of the
-- change that causes it; every daemon's delivery worker takes due rows with
-- FOR UPDATE SKIP LOCKED, sends, and marks them in that same transaction.

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  -- The Message-ID's left part: random, fixed at enqueue, so a resend carries the same id.
  message_key uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  template text NOT NULL CHECK (template ~ '^[a-z0-9_]{1,64}$'),
  to_address text NOT NULL CHECK (length(to_address) BETWEEN 3 AND 254),
  -- Rendered at enqueue (UTF-8): the mail is what the change said, whatever templates do later.
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  -- Bulk mail (the magazine) carries List-Unsubscribe and One-Click (RFC 8058).
  bulk boolean NOT NULL DEFAULT false,
  unsubscribe_url text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CHECK (NOT bulk OR unsubscribe_url IS NOT NULL),
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);

-- The workers' question "what is due?" reads only queued rows, oldest due first.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status = 'queued';
-- `camp mail list --failed` and its admin counterparts.
CREATE INDEX mail_outbox_failed_idx ON mail_outbox (id) WHERE status = 'failed';
