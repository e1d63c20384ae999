-- Nothing readable at rest that the docs say is sealed or hashed (docs/reliability.md,
-- docs/mail.md "Links").

-- Idempotency-Key records: an HMAC fingerprint and a sealed answer, under keys derived from
-- jwt_secret (db/idempotency.hpp), or no answer for a route that rebuilds it. The records
-- written before hold neither: their answers go, and a retry of one is refused (422: its
-- fingerprint no longer matches), never applied twice.
ALTER TABLE idempotency_keys DROP COLUMN body, ADD COLUMN sealed_body bytea;
UPDATE idempotency_keys SET status = NULL;

-- Mail: the links of a mail (reset, invitation, unsubscribe pages) wait in `links` until it is
-- sent, its bodies hold markers (U+FDD0 "{{link:name}}", mail/templates.hpp); sending erases
-- the links and the List-Unsubscribe URL.
ALTER TABLE mail_outbox ADD COLUMN links jsonb CHECK (jsonb_typeof(links) = 'object');
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_check,
  ADD CONSTRAINT mail_outbox_unsubscribe_url_check CHECK (NOT bulk OR status = 'sent' OR unsubscribe_url IS NOT NULL);
-- The mails written before: each reset, invitation or unsubscribe link in their bodies becomes
-- its marker; a mail not sent yet keeps its links in `links` (it is delivered whole), a sent
-- one loses them and its List-Unsubscribe URL.
WITH p (url, unsubscribe_url) AS (VALUES (
  'https?://[^[:space:]"<>]*/(?:reset-password/[A-Za-z0-9_-]{43}/edit|account/new/[A-Za-z0-9_-]{43})',
  'https?://[^[:space:]"<>]*/(?:in_house_mng_system/unsubscription-to-email|unsubscribe-event-notifications|unsubscribe-magazine)/[0-9]+\.[A-Za-z0-9_-]{22}'))
UPDATE mail_outbox SET
  links = CASE WHEN status = 'sent' THEN NULL ELSE nullif(jsonb_strip_nulls(jsonb_build_object(
    'url', substring(text_body FROM p.url), 'unsubscribe_url', substring(text_body FROM p.unsubscribe_url))), '{}') END,
  unsubscribe_url = CASE WHEN status = 'sent' THEN NULL ELSE mail_outbox.unsubscribe_url END,
  text_body = regexp_replace(regexp_replace(text_body, p.url, chr(64976) || '{{link:url}}', 'g'),
                             p.unsubscribe_url, chr(64976) || '{{link:unsubscribe_url}}', 'g'),
  html_body = regexp_replace(regexp_replace(html_body, p.url, chr(64976) || '{{link:url}}', 'g'),
                             p.unsubscribe_url, chr(64976) || '{{link:unsubscribe_url}}', 'g')
FROM p;
