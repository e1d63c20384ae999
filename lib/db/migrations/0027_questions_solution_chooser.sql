-- Who chose a question's solution, and when. The AI chat cites a resolved question only when
-- the school vouches for its solution: a mentor or an admin wrote it, or one of them chose it
-- and it has not been edited since (docs/ai-chat.md "Grounding"). Unknown for older rows.
ALTER TABLE questions
  ADD COLUMN solution_chosen_by bigint REFERENCES accounts (id) ON DELETE SET NULL,
  ADD COLUMN solution_chosen_at timestamptz;
