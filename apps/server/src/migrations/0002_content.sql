-- Content module (issue 2): pages, FAQ and notices in ten languages; params, settings,
-- custom contents and social links.
CREATE TABLE content_items (
  id BIGSERIAL PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{1,64}$'),
  kind TEXT NOT NULL CHECK (kind IN ('page', 'faq', 'notice')),
  type SMALLINT NOT NULL CHECK (type IN (1, 2, 3)),
  sort_order INTEGER NOT NULL DEFAULT 0,
  is_published BOOLEAN NOT NULL DEFAULT true,
  published_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX content_items_kind_idx ON content_items (kind, sort_order, id);

CREATE TABLE content_translations (
  item_id BIGINT NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh')),
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  body_markdown TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, lang)
);

CREATE TABLE custom_contents (
  key TEXT NOT NULL CHECK (key ~ '^[a-z0-9_]{1,64}$'),
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh')),
  content TEXT NOT NULL,
  PRIMARY KEY (key, lang)
);

-- Product constants shown to users (minimum deposits, review times): GET /index/getParamByKey.
CREATE TABLE params (
  key TEXT PRIMARY KEY CHECK (key ~ '^[a-zA-Z0-9_.-]{1,64}$'),
  value TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT ''
);

-- Operator settings; only rows marked public are answered by POST /settings/key.
CREATE TABLE settings (
  key TEXT PRIMARY KEY CHECK (key ~ '^[a-z0-9_]{1,64}$'),
  value JSONB NOT NULL,
  is_public BOOLEAN NOT NULL DEFAULT false,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE social_links (
  type TEXT PRIMARY KEY CHECK (type IN ('discord', 'twitter', 'telegram')),
  url TEXT NOT NULL CHECK (url ~ '^https://')
);
