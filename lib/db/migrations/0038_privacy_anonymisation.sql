-- Deletion requests by anonymisation (lib/privacy/anonymise.hpp, docs/privacy.md "Deletion
-- requests"): an anonymised account keeps its id and its content, loses everything personal,
-- and is named 退会したユーザー by the one display-name rule.

ALTER TABLE accounts ADD COLUMN anonymised_at timestamptz;

-- The rule of migration 0033 with one more case first: an anonymised account is
-- 退会したユーザー (lib/core/messages.ja.json anonymised_display_name; tests/db checks they agree).
-- One function: callers without an account (a pending invitation) leave the fourth argument out.
DROP VIEW people;
DROP FUNCTION display_name(text, text, text);
CREATE FUNCTION display_name(nickname text, student_name text, email text, anonymised_at timestamptz DEFAULT NULL)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN anonymised_at IS NOT NULL THEN '退会したユーザー'
    ELSE coalesce(nullif(camp_trim(nickname), ''), nullif(camp_trim(student_name), ''), split_part(email, '@', 1)) END
$$;

CREATE VIEW people AS
SELECT a.id, a.role, a.email, a.nickname, a.image_url, a.course_id,
       display_name(a.nickname, s.name, a.email, a.anonymised_at) AS display_name, a.anonymised_at
FROM accounts a LEFT JOIN students s ON s.account_id = a.id;

-- Question lists show authors by display name.
DROP TRIGGER accounts_lists_changed ON accounts;
CREATE TRIGGER accounts_lists_changed AFTER UPDATE OF nickname, email, image_url, role, anonymised_at ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION questions_lists_changed();

-- Other people's notifications and pending domain events may quote the person's name: every
-- string value of a JSON document with `needle` replaced (keys and structure untouched).
CREATE FUNCTION privacy_redact_json(j jsonb, needle text, replacement text) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(j)
    WHEN 'string' THEN to_jsonb(replace(j #>> '{}', needle, replacement))
    WHEN 'object' THEN (SELECT coalesce(jsonb_object_agg(k, privacy_redact_json(v, needle, replacement)), '{}'::jsonb)
                        FROM jsonb_each(j) AS e(k, v))
    WHEN 'array' THEN (SELECT coalesce(jsonb_agg(privacy_redact_json(v, needle, replacement) ORDER BY i), '[]'::jsonb)
                       FROM jsonb_array_elements(j) WITH ORDINALITY AS e(v, i))
    ELSE j END
$$;

-- The subsidy answers of anonymised accounts wait for their retention to end (housekeeping).
CREATE INDEX accounts_anonymised_idx ON accounts (anonymised_at) WHERE anonymised_at IS NOT NULL;
