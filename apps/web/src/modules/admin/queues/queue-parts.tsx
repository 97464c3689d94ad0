import { Badge } from '@mantine/core';
import { LANGUAGE_BCP47, type Language, type ReviewStatus } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../identity/identity.api';
import { formatAmount } from '../../ledger/amount';
import type { QueueItem } from './queue-rules';

/** The reader's locale for numbers and dates. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return LANGUAGE_BCP47[i18n.language as Language] ?? 'en';
}

/** The signed-in operator's user id, as the queue items name operators (the back office loaded it already). */
export function useMe(): string | null {
  const user = useUserInfo();
  return user.data ? String(user.data.id) : null;
}

/** An amount with its asset, from the server's decimal string (never through a JS number). */
export function useAmountText(): (item: QueueItem) => string | null {
  const locale = useLocale();
  return (item) =>
    item.amount === null
      ? null
      : `${formatAmount(item.amount, 2, locale, { signed: true })}${item.asset ? ` ${item.asset}` : ''}`;
}

const STATUS_COLOURS: Record<ReviewStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

/** The status as a word on a coloured badge: the word carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      // A dot of colour beside a dark word: the word carries the meaning, and reads on a striped row.
      variant="dot"
      tt="none"
      // In a narrow table column the word stays whole instead of ending in an ellipsis.
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`admin.queues.status.${status}`)}
    </Badge>
  );
}
