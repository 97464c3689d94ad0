-- Support chat (issue 20): visitors known by a random token (its hash kept), conversations of a
-- user or a visitor with their agent, times and rating, and the delivery and read marks each side
-- set on the other's messages; the messages themselves (text, an image, or a system event), and
-- the agents' canned replies per language. Owned by the support module.
CREATE TABLE support_visitors (
  id BIGSERIAL PRIMARY KEY,
  -- sha256 of the visitor's token: the token itself is answered once and never stored.
  token_hash BYTEA NOT NULL UNIQUE,
  email TEXT NOT NULL,
  language TEXT NOT NULL,
  -- While a socket of the visitor is open somewhere (refreshed by the instance holding it).
  online_until TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE support_conversations (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT REFERENCES users (id),
  visitor_id BIGINT REFERENCES support_visitors (id),
  language TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'waiting_user', 'closed')),
  assigned_agent_id BIGINT REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  first_user_message_at TIMESTAMPTZ,
  first_response_at TIMESTAMPTZ,
  last_message_at TIMESTAMPTZ,
  closed_at TIMESTAMPTZ,
  rating SMALLINT CHECK (rating BETWEEN 1 AND 5),
  rating_comment TEXT,
  rated_at TIMESTAMPTZ,
  -- The newest of the agents' messages the user marked delivered / read, and the newest of the
  -- user's the agents marked (marks only move forward).
  user_delivered_up_to BIGINT NOT NULL DEFAULT 0,
  user_read_up_to BIGINT NOT NULL DEFAULT 0,
  agent_delivered_up_to BIGINT NOT NULL DEFAULT 0,
  agent_read_up_to BIGINT NOT NULL DEFAULT 0,
  -- The last time the user (or visitor) away was told of a reply (one a conversation per 10 minutes).
  away_notified_at TIMESTAMPTZ,
  CHECK ((user_id IS NULL) <> (visitor_id IS NULL)),
  CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
-- One conversation not closed per user and per visitor.
CREATE UNIQUE INDEX support_conversations_one_open_user ON support_conversations (user_id)
  WHERE status <> 'closed' AND user_id IS NOT NULL;
CREATE UNIQUE INDEX support_conversations_one_open_visitor ON support_conversations (visitor_id)
  WHERE status <> 'closed' AND visitor_id IS NOT NULL;
CREATE INDEX support_conversations_user_idx ON support_conversations (user_id, id DESC);
CREATE INDEX support_conversations_visitor_idx ON support_conversations (visitor_id, id DESC);
CREATE INDEX support_conversations_status_idx ON support_conversations (status, last_message_at);

CREATE TABLE support_messages (
  id BIGSERIAL PRIMARY KEY,
  conversation_id BIGINT NOT NULL REFERENCES support_conversations (id),
  author TEXT NOT NULL CHECK (author IN ('user', 'agent', 'system')),
  agent_id BIGINT REFERENCES users (id),
  text TEXT CHECK (char_length(text) BETWEEN 1 AND 2000),
  file_id TEXT,
  system_event TEXT CHECK (system_event IN ('assigned', 'transferred', 'closed', 'reopened')),
  client_id TEXT,
  -- When the other side's device received it and when they read it (set by their marks).
  delivered_at TIMESTAMPTZ,
  read_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- A retried clientId answers the message sent first.
  UNIQUE (conversation_id, client_id),
  CHECK ((author = 'system') = (system_event IS NOT NULL)),
  CHECK (author = 'system' OR text IS NOT NULL OR file_id IS NOT NULL),
  CHECK ((author = 'user') = (agent_id IS NULL) OR author = 'system')
);
CREATE INDEX support_messages_conversation_idx ON support_messages (conversation_id, id);
CREATE INDEX support_messages_file_idx ON support_messages (file_id) WHERE file_id IS NOT NULL;

CREATE TABLE support_canned_replies (
  id BIGSERIAL PRIMARY KEY,
  language TEXT NOT NULL,
  title TEXT NOT NULL CHECK (char_length(title) BETWEEN 1 AND 80),
  text TEXT NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  -- A sandbox example's key: seeded once.
  seed_key TEXT UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX support_canned_replies_language_idx ON support_canned_replies (language, title);
