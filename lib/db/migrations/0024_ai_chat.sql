-- The AI chat (docs/ai-chat.md): conversations and their messages, per account.
-- A conversation is created by its first message; only its owner adds to it (admins read it
-- for support). `tokens` is what the provider reported (or estimated) for an assistant turn:
-- the daily budget sums it per account over the school day (Asia/Tokyo).
CREATE TABLE ai_conversations (
  id         bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  title      text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_conversations_account_idx ON ai_conversations (account_id, updated_at DESC, id DESC);

CREATE TABLE ai_messages (
  id              bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES ai_conversations (id) ON DELETE CASCADE,
  account_id      bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,  -- the owner (for the limits)
  role            text NOT NULL CHECK (role IN ('user', 'assistant')),
  body            text NOT NULL CHECK (char_length(body) <= 100000),
  sources         jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(sources) = 'array'),
  status          text NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'error', 'cancelled')),
  tokens          integer NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_messages_conversation_idx ON ai_messages (conversation_id, id);
-- The rate limit (user turns in the last hour) and the budget (tokens of the day) per account.
CREATE INDEX ai_messages_account_idx ON ai_messages (account_id, created_at);
