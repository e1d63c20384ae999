-- The question box's categories are named after their domain, so that curriculum categories
-- and event tags can have tables of their own later.
ALTER TABLE categories RENAME TO question_categories;
ALTER SEQUENCE categories_id_seq RENAME TO question_categories_id_seq;
ALTER INDEX categories_pkey RENAME TO question_categories_pkey;
ALTER INDEX categories_name_key RENAME TO question_categories_name_key;
ALTER TABLE question_categories RENAME CONSTRAINT categories_parent_id_fkey TO question_categories_parent_id_fkey;
