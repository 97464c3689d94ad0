import type { Language, SupportAuthor, SupportConversationStatus, SupportSystemEvent } from '@openbourse/contracts';
import type { Generated } from 'kysely';

/** The support chat's tables (migration 0032). BIGINT ids arrive as strings. */
export type SupportTables = {
  support_visitors: {
    id: Generated<string>;
    token_hash: Buffer;
    email: string;
    language: Language;
    online_until: Date | null;
    created_at: Generated<Date>;
  };
  support_conversations: {
    id: Generated<string>;
    user_id: string | null;
    visitor_id: string | null;
    language: Language;
    status: Generated<SupportConversationStatus>;
    assigned_agent_id: string | null;
    created_at: Generated<Date>;
    first_user_message_at: Date | null;
    first_response_at: Date | null;
    last_message_at: Date | null;
    closed_at: Date | null;
    rating: number | null;
    rating_comment: string | null;
    rated_at: Date | null;
    user_delivered_up_to: Generated<string>;
    user_read_up_to: Generated<string>;
    agent_delivered_up_to: Generated<string>;
    agent_read_up_to: Generated<string>;
    away_notified_at: Date | null;
  };
  support_messages: {
    id: Generated<string>;
    conversation_id: string;
    author: SupportAuthor;
    agent_id: string | null;
    text: string | null;
    file_id: string | null;
    system_event: SupportSystemEvent | null;
    client_id: string | null;
    delivered_at: Date | null;
    read_at: Date | null;
    created_at: Generated<Date>;
  };
  support_canned_replies: {
    id: Generated<string>;
    language: Language;
    title: string;
    text: string;
    seed_key: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
};
