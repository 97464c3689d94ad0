import { Stack, Table, Text, Title } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../kyc/kyc-format';
import { formatPrice } from '../market/format';
import { useLocale } from '../market/use-locale';
import { formatLtv } from './loan-format';
import { useSourceName } from './PriceLine';
import { useAssetAmount } from './parts';

/** Digits a collateral price is shown with in the history (prices there are exact strings). */
const HISTORY_PRICE_DECIMALS = 2;

/** The schedule: when interest starts and when the loan is due, with the amount due then. */
export function LoanSchedule({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const amount = useAssetAmount();
  const headingId = useId();
  if (loan.schedule.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="loan-schedule">
      <Title order={2} size="h4" id={headingId}>
        {t('lending.detail.scheduleTitle')}
      </Title>
      <Stack component="ul" gap={4} m={0} ps="md">
        {loan.schedule.map((item) => (
          <Text component="li" size="sm" key={`${item.kind}-${item.date}`}>
            {t(`lending.detail.schedule.${item.kind}`, {
              date: dateTime(item.date),
              amount: amount(item.amount, loan.asset),
            })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** What happened to the loan, oldest first: each step with its amount and, for a crypto-backed loan, the LTV and price. */
export function LoanHistory({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dateTime = useDateTime();
  const amount = useAssetAmount();
  const sourceName = useSourceName();
  const headingId = useId();
  const isCrypto = loan.collateral !== null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="loan-history">
      <Title order={2} size="h4" id={headingId}>
        {t('lending.detail.historyTitle')}
      </Title>
      {loan.events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lending.detail.noHistory')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={isCrypto ? 560 : 360}>
          <Table striped withTableBorder verticalSpacing={6} fz="sm">
            <Table.Caption>{t('lending.detail.historyCaption', { id: loan.id })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('lending.detail.columns.when')}</Table.Th>
                <Table.Th scope="col">{t('lending.detail.columns.what')}</Table.Th>
                <Table.Th scope="col">{t('lending.common.amount')}</Table.Th>
                {isCrypto && <Table.Th scope="col">{t('lending.detail.columns.ltv')}</Table.Th>}
                {isCrypto && <Table.Th scope="col">{t('lending.detail.columns.price')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loan.events.map((event) => (
                <Table.Tr
                  key={`${event.kind}-${event.at}-${event.amount}`}
                  data-testid="loan-event"
                  data-kind={event.kind}
                >
                  <Table.Td>{dateTime(event.at)}</Table.Td>
                  <Table.Td>{t(`lending.common.events.${event.kind}`)}</Table.Td>
                  <Table.Td>{event.amount === null ? '—' : amount(event.amount, event.asset ?? loan.asset)}</Table.Td>
                  {isCrypto && (
                    <Table.Td>
                      <span className="ob-amount">{formatLtv(event.ltv, locale)}</span>
                    </Table.Td>
                  )}
                  {isCrypto && (
                    <Table.Td>
                      {event.price === null ? (
                        '—'
                      ) : (
                        <>
                          <span className="ob-amount">
                            {formatPrice(event.price, HISTORY_PRICE_DECIMALS, locale)} {loan.asset}
                          </span>
                          {event.priceSource && (
                            <Text component="span" size="xs" c="dimmed">
                              {' '}
                              ({sourceName(event.priceSource)})
                            </Text>
                          )}
                        </>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
