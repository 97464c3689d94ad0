import { Badge, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { CLOSE_REASONS, type CloseReason } from '@openbourse/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNav } from '../../shared/ui/PageNav';
import { NO_VALUE } from '../market/format';
import { type Column, OrdersList, useSharedColumns } from './PositionParts';
import { PnlText } from './TradingParts';
import { useMarketInfos, useOrders } from './trading.api';
import { formatUsdt } from './trading-format';

const HISTORY_PAGE_SIZE = 100;
/** The reason filter's value: '' for every reason. */
const toCloseReason = (value: string): CloseReason | '' =>
  (CLOSE_REASONS as readonly string[]).includes(value) ? (value as CloseReason) : '';

/** The history tab: closed and cancelled orders, filtered by the server by instrument and reason. */
export function HistoryTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState<CloseReason | ''>('');
  // Filtered by the server, so every page of the history is searched, not the one shown.
  const history = useOrders('closed', page, HISTORY_PAGE_SIZE, false, {
    code: code || undefined,
    reason: reason || undefined,
  });
  const items = useMemo(() => history.data?.items ?? [], [history.data]);
  const pageCodes = useMemo(() => [...new Set(items.map((item) => item.code))].sort(), [items]);
  const codes = history.data?.codes ?? pageCodes;
  const infos = useMarketInfos(pageCodes);
  const { format, shared } = useSharedColumns(infos);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  const columns: Column[] = [
    shared.instrument,
    shared.side,
    shared.lots,
    {
      key: 'open',
      header: t('trading.positions.openPrice'),
      cell: (p) => format.price(p, p.openPrice ?? p.entryPrice),
      end: true,
    },
    { key: 'close', header: t('trading.positions.closePrice'), cell: (p) => format.price(p, p.closePrice), end: true },
    {
      key: 'reason',
      header: t('trading.positions.reason'),
      cell: (p) => (
        <Badge variant="outline" color="gray" className="ob-source-badge">
          {p.planOrderId !== null && p.closeReason === 'manual'
            ? t('trading.positions.closedByPlan')
            : t(`trading.reasons.${p.closeReason ?? (p.status === 'cancelled' ? 'cancelled' : 'manual')}`)}
        </Badge>
      ),
    },
    {
      key: 'pnl',
      header: t('trading.positions.realised'),
      end: true,
      cell: (p) =>
        p.realisedPnl === null ? (
          NO_VALUE
        ) : (
          <PnlText value={p.realisedPnl} locale={format.locale} testId={`position-pnl-${p.orderNo}`} />
        ),
    },
    { key: 'fee', header: t('trading.positions.fee'), cell: (p) => formatUsdt(p.fee, format.locale), end: true },
    { key: 'closed', header: t('trading.positions.closedAt'), cell: (p) => format.date(p.closedAt ?? p.createdAt) },
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('trading.positions.filterCode')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: t('trading.positions.filterAll') },
            ...codes.map((value) => ({ value, label: value })),
          ]}
          data-testid="history-filter-code"
        />
        <NativeSelect
          label={t('trading.positions.filterReason')}
          value={reason}
          onChange={(event) => {
            setReason(toCloseReason(event.currentTarget.value));
            setPage(1);
          }}
          data={[
            { value: '', label: t('trading.positions.filterAll') },
            ...CLOSE_REASONS.map((value) => ({ value, label: t(`trading.reasons.${value}`) })),
          ]}
          data-testid="history-filter-reason"
        />
      </SimpleGrid>
      <OrdersList
        query={history}
        columns={columns}
        caption={t('trading.positions.historyCaption')}
        empty={code === '' && reason === '' ? t('trading.positions.noHistory') : t('trading.positions.noHistoryMatch')}
      />
      <PageNav pages={pages} page={page} onChange={setPage} size="sm" testId="history-pages" />
    </Stack>
  );
}
