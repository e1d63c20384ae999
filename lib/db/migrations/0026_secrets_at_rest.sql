-- Nothing readable at rest that the docs say is sealed or hashed (docs/reliability.md,
-- docs/mail.md "Links").

-- Idempotency-Key records: an HMAC fingerprint and a sealed answer, under keys derived from
-- jwt_secret (db/idempotency.hpp), or no answer for a route that rebuilds it. The records
-- written before hold neither: their answers go, and a retry of one is refused (422: its
-- fingerprint no longer matches), never applied twice.
ALTER TABLE idempotency_keys DROP COLUMN body, ADD COLUMN sealed_body bytea;
UPDATE idempotency_keys SET status = NULL;

-- Mail: the links of a mail (reset, invitation, unsubscribe pages) wait in `links` until it is
-- sent, its bodies hold markers; sending erases the links and the List-Unsubscribe URL.
ALTER TABLE mail_outbox ADD COLUMN links jsonb CHECK (jsonb_typeof(links) = 'object');
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_check,
  ADD CONSTRAINT mail_outbox_unsubscribe_url_check CHECK (NOT bulk OR status = 'sent' OR unsubscribe_url IS NOT NULL);
-- The mails sent before lose theirs the same way: each reset, invitation or unsubscribe link
-- becomes the marker that `camp mail show` presents as removed.
UPDATE mail_outbox SET unsubscribe_url = NULL,
  text_body = regexp_replace(text_body, 'https?://[^[:space:]"<>]*/(reset-password/[A-Za-z0-9_-]{43}/edit|account/new/[A-Za-z0-9_-]{43}|(in_house_mng_system/unsubscription-to-email|unsubscribe-event-notifications|unsubscribe-magazine)/[0-9]+\.[A-Za-z0-9_-]{22})', '{{link:url}}', 'g'),
  html_body = regexp_replace(html_body, 'https?://[^[:space:]"<>]*/(reset-password/[A-Za-z0-9_-]{43}/edit|account/new/[A-Za-z0-9_-]{43}|(in_house_mng_system/unsubscription-to-email|unsubscribe-event-notifications|unsubscribe-magazine)/[0-9]+\.[A-Za-z0-9_-]{22})', '{{link:url}}', 'g')
WHERE status = 'sent';
