import { Alert, Badge, Button, Card, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { TSmartOrder, TSmartTrade } from '@openbourse/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { formatQuantity } from '../market/format';
import { PnlText } from '../trading/TradingParts';
import { EquityChart } from './EquityChart';
import { Facts, type PlanFormat, PlanStatusBadge, Usdt } from './parts';
import { exitReturnOf } from './plan-math';
import { useExitSmart } from './plans.api';

/**
 * One of the user's plans (SPEC §3 "Smart order", issue 18): its status, P&L to date, equity and
 * balance at current prices, why it stopped opening positions when it did, its open positions,
 * every trade it made and its equity curve; a running plan can be exited early, the fee shown
 * before anything is done.
 */
export function PlanCard({ order, format }: { order: TSmartOrder; format: PlanFormat }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const isRunning = order.status === 'running';
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      id={`plan-${order.id}`}
      data-testid="plan"
      data-plan-id={order.id}
      data-status={order.status}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {t('plans.common.planName', { id: order.id })} · {order.productName}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`plans.common.strategies.${order.strategy}`)} · <span className="ob-amount">{order.code}</span>
            </Text>
          </div>
          <PlanStatusBadge status={order.status} />
        </Group>
        {order.halted && isRunning && (
          <Alert color="orange" role="status" title={t('plans.mine.haltedTitle')} data-testid="plan-halted">
            <Text size="sm">{t(`plans.common.halts.${order.halted.reason}`)}</Text>
            <Text size="xs" c="dimmed">
              {t('plans.mine.haltedAt', { time: format.dateTime(order.halted.at) })}
            </Text>
          </Alert>
        )}
        <Facts
          facts={[
            { key: 'amount', label: t('plans.mine.amount'), value: <Usdt value={order.amount} testId="plan-amount" /> },
            {
              key: 'pnl',
              label: t('plans.mine.pnl'),
              value: <PnlText value={order.pnl} locale={format.locale} testId="plan-pnl" />,
            },
            { key: 'equity', label: t('plans.mine.equity'), value: <Usdt value={order.equity} testId="plan-equity" /> },
            isRunning && {
              key: 'balance',
              label: t('plans.mine.balance'),
              value: <Usdt value={order.balance} testId="plan-balance" />,
            },
            { key: 'days', label: t('plans.mine.days'), value: format.days(order.days) },
            { key: 'started', label: t('plans.mine.started'), value: format.dateTime(order.startedAt) },
            isRunning
              ? { key: 'ends', label: t('plans.mine.ends'), value: format.dateTime(order.endsAt) }
              : {
                  key: 'finished',
                  label: t('plans.mine.finished'),
                  value: order.finishedAt ? format.dateTime(order.finishedAt) : '—',
                },
            {
              key: 'fee',
              label: isRunning ? t('plans.mine.exitFee') : t('plans.mine.feePaid'),
              value: isRunning
                ? t('plans.mine.exitFeeValue', {
                    fee: format.usdt(order.exitFee),
                    rate: format.rate(order.exitFeeRate),
                  })
                : format.usdt(order.exitFee),
              testId: 'plan-exit-fee',
            },
            order.returned !== null && {
              key: 'returned',
              label: t('plans.mine.returned'),
              value: <Usdt value={order.returned} testId="plan-returned" />,
            },
          ]}
        />
        {outcome && (
          <Alert
            color={outcome.tone === 'success' ? 'teal' : 'blue'}
            role="status"
            data-testid={`plan-exit-${outcome.tone}`}
          >
            {outcome.text}
          </Alert>
        )}
        {isRunning && <ExitPlan order={order} format={format} onOutcome={setOutcome} />}
        <EquityChart
          points={order.equityCurve}
          title={t('plans.mine.curveTitle')}
          empty={t('plans.mine.curveEmpty')}
          testId="plan-equity-curve"
          describe={(values) =>
            t('plans.mine.curveLabel', {
              id: order.id,
              from: format.dateTime(values.from),
              to: format.dateTime(values.to),
              first: format.usdt(values.first),
              last: format.usdt(values.last),
              low: format.usdt(values.low),
              high: format.usdt(values.high),
            })
          }
        />
        {isRunning && <OpenPositions order={order} format={format} />}
        <Trades order={order} format={format} />
      </Stack>
    </Card>
  );
}

/** The plan's open positions, which also show in the user's positions marked with the plan. */
function OpenPositions({ order, format }: { order: TSmartOrder; format: PlanFormat }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId} data-testid="plan-open-positions">
      <Title order={4} size="h6" id={headingId}>
        {t('plans.mine.openPositions')}
      </Title>
      {order.openPositions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('plans.mine.noOpenPositions')}
        </Text>
      ) : (
        <>
          <Facts
            facts={order.openPositions.flatMap((position) => [
              {
                key: `${position.orderNo}-what`,
                label: `${position.orderNo} · ${t(`trading.side.${position.side}`)} ${formatQuantity(position.lots, format.locale)}`,
                value: (
                  <PnlText
                    value={position.unrealisedPnl}
                    locale={format.locale}
                    testId={`plan-position-pnl-${position.orderNo}`}
                  />
                ),
                testId: `plan-position-${position.orderNo}`,
              },
            ])}
          />
          <Text size="xs" c="dimmed">
            {t('plans.mine.positionsNote')}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Every trade the plan made, newest first: open ones say so, closed ones their price, reason and P&L. */
function Trades({ order, format }: { order: TSmartOrder; format: PlanFormat }) {
  const { t } = useTranslation();
  const headingId = useId();
  const price = (value: string | null) => (value === null ? '—' : formatQuantity(value, format.locale, 12));
  const reason = (trade: TSmartTrade) => {
    if (trade.closeReason === null) return '—';
    if (trade.closeReason === 'manual') return t('plans.mine.closedByPlan');
    return t(`trading.reasons.${trade.closeReason}`, { defaultValue: trade.closeReason });
  };
  return (
    <Stack gap={4} component="section" aria-labelledby={headingId} data-testid="plan-trades">
      <Title order={4} size="h6" id={headingId}>
        {t('plans.mine.trades')}
      </Title>
      {order.trades.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="plan-trades-empty">
          {t('plans.mine.noTrades')}
        </Text>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table striped fz="sm" verticalSpacing={4} className="ob-plan-trades">
            <caption className="ob-visually-hidden">{t('plans.mine.tradesCaption', { id: order.id })}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('plans.mine.orderNo')}</Table.Th>
                <Table.Th scope="col">{t('plans.mine.side')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('plans.mine.lots')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('plans.mine.openPrice')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('plans.mine.closePrice')}
                </Table.Th>
                <Table.Th scope="col">{t('plans.mine.reason')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('plans.mine.fee')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('plans.mine.result')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.trades.map((trade) => (
                <Table.Tr
                  key={trade.orderNo}
                  data-testid={`plan-trade-${trade.orderNo}`}
                  data-state={trade.closedAt ? 'closed' : 'open'}
                >
                  <Table.Td className="ob-amount">{trade.orderNo}</Table.Td>
                  <Table.Td>{t(`trading.side.${trade.side}`)}</Table.Td>
                  <Table.Td ta="end" className="ob-amount">
                    {formatQuantity(trade.lots, format.locale)}
                  </Table.Td>
                  <Table.Td ta="end" className="ob-amount" data-testid="plan-trade-open-price">
                    {price(trade.openPrice)}
                  </Table.Td>
                  <Table.Td ta="end" className="ob-amount" data-testid="plan-trade-close-price">
                    {price(trade.closePrice)}
                  </Table.Td>
                  <Table.Td>{reason(trade)}</Table.Td>
                  <Table.Td ta="end" className="ob-amount" data-testid="plan-trade-fee">
                    {format.usdt(trade.fee)}
                  </Table.Td>
                  <Table.Td ta="end">
                    {trade.realisedPnl === null ? (
                      <Badge variant="light" color="blue">
                        {t('plans.mine.stillOpen')}
                      </Badge>
                    ) : (
                      <PnlText value={trade.realisedPnl} locale={format.locale} testId="plan-trade-pnl" />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/**
 * "Exit early" (SPEC §4 "Smart plan"): the fee first, in the confirmation, with what the exit does
 * and what it would return at current prices; the server's answer says what it did.
 */
function ExitPlan({
  order,
  format,
  onOutcome,
}: {
  order: TSmartOrder;
  format: PlanFormat;
  onOutcome: (outcome: { tone: 'success' | 'info'; text: string } | null) => void;
}) {
  const { t } = useTranslation();
  const exit = useExitSmart();
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () => {
    setRefusal(null);
    exit.mutate(order.id, {
      onSuccess: (after) => {
        setOpened(false);
        onOutcome(
          after.status === 'running'
            ? { tone: 'info', text: t('plans.mine.ending', { id: after.id }) }
            : {
                tone: 'success',
                text: t('plans.mine.exited', { id: after.id, amount: format.usdt(after.returned ?? '0') }),
              },
        );
      },
      onError: (error) => setRefusal(errorMessage(error)),
    });
  };
  return (
    <>
      <Group>
        <Button
          variant="outline"
          color="red"
          onClick={() => {
            onOutcome(null);
            setRefusal(null);
            setOpened(true);
          }}
          data-testid="plan-exit"
        >
          {t('plans.mine.exit')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => (exit.isPending ? undefined : setOpened(false))}
        title={t('plans.mine.exitTitle', { id: order.id })}
        centered
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack gap="sm" data-testid="plan-exit-confirm">
          <Text fw={600} data-testid="plan-exit-fee-first">
            {t('plans.mine.exitFeeFirst', {
              fee: format.usdt(order.exitFee),
              rate: format.rate(order.exitFeeRate),
              amount: format.usdt(order.amount),
            })}
          </Text>
          <Text size="sm">{t('plans.mine.exitSteps')}</Text>
          <Facts
            facts={[
              { key: 'equity', label: t('plans.mine.exitEquity'), value: format.usdt(order.equity) },
              {
                key: 'estimate',
                label: t('plans.mine.exitEstimate'),
                value: t('plans.mine.exitEstimateValue', {
                  amount: format.usdt(exitReturnOf(order.equity, order.exitFee)),
                }),
                testId: 'plan-exit-estimate',
              },
            ]}
          />
          {refusal && (
            <Alert color="red" role="alert" data-testid="plan-exit-error">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={exit.isPending}>
              {t('plans.common.back')}
            </Button>
            <Button color="red" onClick={confirm} loading={exit.isPending} data-testid="plan-exit-submit">
              {t('plans.mine.exitConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
