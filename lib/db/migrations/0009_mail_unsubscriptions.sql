-- What each account stopped receiving (lib/mail/preferences.hpp, docs/mail.md). A row is an
-- opt-out; no row means the account receives the topic. 'school' stops every non-transactional
-- mail from the school; 'events' and 'magazine' stop one kind. Transactional mail (password
-- reset, invitations) has no topic and is always sent.
CREATE TABLE mail_unsubscriptions (
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  topic text NOT NULL CHECK (topic IN ('school', 'events', 'magazine')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, topic)
);
