import { Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNav } from '../../shared/ui/PageNav';
import { QueryState } from '../../shared/ui/QueryState';
import { useLocale } from '../market/use-locale';
import { SideBadge } from '../trading/TradingParts';
import { useOrders } from '../trading/trading.api';
import { AmountText } from './AmountText';
import { isTrade, tradeLine } from './trade-statement';

export const TRADES_PAGE_SIZE = 20;

const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

/**
 * The statement's default view (#16): one line per closed trade of this book, newest first,
 * from the trading history, with its realised P&L, its fee and the net, exactly as recorded.
 */
export function TradeStatement() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const history = useOrders('closed', page, TRADES_PAGE_SIZE);
  const lines = useMemo(() => (history.data?.items ?? []).filter(isTrade).map(tradeLine), [history.data]);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const at = (iso: string | null) => (iso ? <time dateTime={iso}>{time.format(new Date(iso))}</time> : '—');
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / TRADES_PAGE_SIZE)) : 1;
  return (
    <>
      <QueryState query={history}>
        {() =>
          lines.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center" data-testid="trades-empty">
              {t('ledger.noTrades')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table striped aria-busy={history.isPlaceholderData} data-testid="trades-table">
                <Table.Caption>{t('ledger.tradesCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('ledger.instrument')}</Table.Th>
                    <Table.Th scope="col">{t('ledger.side')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('ledger.lots')}
                    </Table.Th>
                    <Table.Th scope="col">{t('ledger.opened')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('ledger.openPrice')}
                    </Table.Th>
                    <Table.Th scope="col">{t('ledger.closed')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('ledger.closePrice')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('ledger.realisedPnl')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('ledger.fee')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('ledger.net')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line) => (
                    <Table.Tr key={line.orderNo} data-testid="trade-line">
                      <Table.Th scope="row">{line.code}</Table.Th>
                      <Table.Td>
                        <SideBadge side={line.side} />
                      </Table.Td>
                      <Table.Td ta="end" className="ob-amount">
                        {line.lots}
                      </Table.Td>
                      <Table.Td>{at(line.openedAt)}</Table.Td>
                      <Table.Td ta="end" className="ob-amount">
                        {line.openPrice ?? '—'}
                      </Table.Td>
                      <Table.Td>{at(line.closedAt)}</Table.Td>
                      <Table.Td ta="end" className="ob-amount">
                        {line.closePrice ?? '—'}
                      </Table.Td>
                      <Table.Td ta="end" data-testid="trade-pnl">
                        <AmountText value={line.realisedPnl} decimals={decimalsOf(line.realisedPnl)} signed />
                      </Table.Td>
                      <Table.Td ta="end" data-testid="trade-fee">
                        <AmountText value={line.fee} decimals={decimalsOf(line.fee)} />
                      </Table.Td>
                      <Table.Td ta="end" data-testid="trade-net">
                        <AmountText value={line.net} decimals={decimalsOf(line.net)} signed />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <PageNav pages={pages} page={page} onChange={setPage} />
    </>
  );
}
