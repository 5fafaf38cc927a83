-- News (docs/architecture.md, "News"): announcements written by operators, one row per piece of
-- news and one translation per language. A reader gets their language, or English (which every
-- published piece has) with a note. Category 4 is the announcements of the home ticker.
CREATE TABLE news (
  id           bigserial PRIMARY KEY,
  category_id  integer NOT NULL DEFAULT 4 CHECK (category_id BETWEEN 1 AND 1000),
  status       text NOT NULL CHECK (status IN ('draft', 'published', 'withdrawn')),
  created_by   uuid NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  published_at timestamptz,
  CHECK (status = 'draft' OR published_at IS NOT NULL)
);
CREATE INDEX news_published ON news (category_id, published_at DESC, id DESC) WHERE status = 'published';

CREATE TABLE news_translations (
  news_id bigint NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  locale  text NOT NULL CHECK (locale IN ('en', 'zh', 'de', 'es', 'it', 'pt', 'tzm', 'ar', 'nl', 'he')),
  title   text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  body    text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 20000),
  PRIMARY KEY (news_id, locale)
);
