import type { Language, NotificationTemplate } from '@openbourse/contracts';
import type { Generated } from 'kysely';

export type EmailStatus = 'pending' | 'sent' | 'skipped' | 'failed';

export type NotifyTables = {
  notify_notifications: {
    id: Generated<string>;
    user_id: string;
    template: NotificationTemplate;
    params: Generated<Record<string, string>>;
    read_at: Date | null;
    email_status: EmailStatus | null;
    created_at: Generated<Date>;
  };
  notify_preferences: {
    user_id: string;
    email_enabled: Generated<boolean>;
    language: Language | null;
    updated_at: Generated<Date>;
  };
};
