import { SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountText } from '../../../ledger/AmountText';
import { useLocale } from '../../../market/use-locale';
import type { Book } from './money-form';

/** The places a server-formatted amount carries (the server writes each with its asset's decimals). */
export function placesOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** A decimal string shown in the reader's locale; a signed one says + or − in words' place, never by colour alone. */
export function Amount({ value, signed }: { value: string | null; signed?: boolean }) {
  const { t } = useTranslation();
  if (value === null)
    return (
      <Text component="span" inherit c="dimmed">
        {t('admin.user-money.noValue')}
      </Text>
    );
  return <AmountText value={value} decimals={placesOf(value)} signed={signed} />;
}

/** A time as the reader's locale writes it (`compact`: the short date, for wide tables), or a dash. */
export function When({ iso, compact }: { iso: string | null; compact?: boolean }) {
  const locale = useLocale();
  const { t } = useTranslation();
  if (!iso)
    return (
      <Text component="span" inherit c="dimmed">
        {t('admin.user-money.noValue')}
      </Text>
    );
  const format = new Intl.DateTimeFormat(locale, { dateStyle: compact ? 'short' : 'medium', timeStyle: 'short' });
  return (
    <time dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
      {format.format(new Date(iso))}
    </time>
  );
}

/** Live or demo, as a labelled radio group; each choice's label carries `<testId>-<book>` for the journeys. */
export function BookPicker({
  value,
  onChange,
  testId,
}: {
  value: Book;
  onChange: (book: Book) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const books: Book[] = ['live', 'demo'];
  return (
    <SegmentedControl
      aria-label={t('admin.user-money.bookLabel')}
      value={value}
      onChange={(next) => onChange(next === 'demo' ? 'demo' : 'live')}
      data={books.map((book) => ({
        value: book,
        label: <span data-testid={`${testId}-${book}`}>{t(`admin.user-money.books.${book}`)}</span>,
      }))}
    />
  );
}
