import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type ContentTables = {
  content_items: {
    id: Generated<string>;
    slug: string;
    kind: 'page' | 'faq' | 'notice';
    type: 1 | 2 | 3;
    sort_order: Generated<number>;
    is_published: Generated<boolean>;
    published_at: Timestamp;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  content_translations: {
    item_id: string;
    lang: string;
    title: string;
    body_markdown: string;
    updated_at: Generated<Date>;
  };
  custom_contents: { key: string; lang: string; content: string };
  params: { key: string; value: string; description: Generated<string> };
  settings: { key: string; value: unknown; is_public: Generated<boolean>; updated_at: Generated<Date> };
  social_links: { type: 'discord' | 'twitter' | 'telegram'; url: string };
};
