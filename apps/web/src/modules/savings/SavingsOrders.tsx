import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { SavingsOrderStatus, TSavingsOrder } from '@openbourse/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { type MoneyOutcome, MoneyOutcomeAlert } from '../../shared/ui/MoneyMove';
import { QueryState } from '../../shared/ui/QueryState';
import { ConfirmMove, Facts } from './parts';
import { useRedeem, useSavingsOrders } from './savings.api';
import { useSavingsFormat } from './savings-format';

const STATUS_COLOURS: Record<SavingsOrderStatus, string> = {
  earning: 'teal',
  settled: 'gray',
  redeemed_early: 'orange',
};

/**
 * The investor's orders (`GET /financial/myOrders`), newest first, with their figures as the
 * accrual job last wrote them (read again every 30 s while one earns, and at once when one
 * matures): earned days of the period, earnings so far, the interest reserved for maturity; and
 * while an order earns, its early redemption with the penalty shown first.
 */
export function SavingsOrders() {
  const { t } = useTranslation();
  const orders = useSavingsOrders();
  return (
    <QueryState query={orders}>
      {(data) =>
        data.items.length === 0 ? (
          <Text c="dimmed" py="md" data-testid="savings-orders-empty">
            {t('savings.page.orders.empty')}
          </Text>
        ) : (
          <Stack gap="md" data-testid="savings-orders">
            <Text size="xs" c="dimmed">
              {t('savings.page.orders.liveHint')}
            </Text>
            {data.items.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

function OrderCard({ order }: { order: TSavingsOrder }) {
  const { t } = useTranslation();
  const format = useSavingsFormat();
  const headingId = useId();
  const [outcome, setOutcome] = useState<MoneyOutcome | null>(null);
  const isEarning = order.status === 'earning';
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="savings-order"
      data-order-id={order.id}
      data-status={order.status}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {order.productName}
          </Title>
          <Badge
            color={STATUS_COLOURS[order.status]}
            variant="light"
            style={{ flexShrink: 0 }}
            data-testid="savings-order-status"
          >
            {t(`savings.page.statuses.${order.status}`)}
          </Badge>
        </Group>
        <div>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm">{t('savings.page.order.progress')}</Text>
            <Text size="sm" fw={600} data-testid="savings-order-days">
              {t('savings.page.order.daysOf', { days: order.earnedDays, period: order.periodDays })}
            </Text>
          </Group>
          <Progress
            value={(order.earnedDays / order.periodDays) * 100}
            aria-label={`${t('savings.page.order.progress')}: ${t('savings.page.order.daysOf', {
              days: order.earnedDays,
              period: order.periodDays,
            })}`}
            color={STATUS_COLOURS[order.status]}
          />
        </div>
        <Facts
          facts={[
            { key: 'amount', label: t('savings.page.order.amount'), value: format.exact(order.amount, order.asset) },
            {
              key: 'rate',
              label: t('savings.page.order.dailyRate'),
              value: t('savings.page.product.perDay', { rate: format.percent(order.dailyRate) }),
            },
            { key: 'period', label: t('savings.page.product.period'), value: format.days(order.periodDays) },
            { key: 'invested', label: t('savings.page.order.investTime'), value: format.dateTime(order.investTime) },
            { key: 'matures', label: t('savings.page.order.maturityTime'), value: format.dateTime(order.maturityTime) },
            order.status !== 'redeemed_early' && {
              key: 'earnings',
              label: t('savings.page.order.earnings'),
              value: format.exact(order.currentEarnings, order.asset),
              testId: 'savings-order-earnings',
            },
            {
              key: 'reserved',
              label:
                order.status === 'redeemed_early'
                  ? t('savings.page.order.reservedReturned')
                  : t('savings.page.order.reserved'),
              value: format.exact(order.reservedInterest, order.asset),
              testId: 'savings-order-reserved',
            },
            order.returned !== null && {
              key: 'returned',
              label: t('savings.page.order.returned'),
              value: format.exact(order.returned, order.asset),
              testId: 'savings-order-returned',
            },
            order.penaltyCharged !== null && {
              key: 'penalty',
              label: t('savings.page.order.penaltyCharged'),
              value: format.exact(order.penaltyCharged, order.asset),
              testId: 'savings-order-penalty',
            },
            order.closedTime !== null && {
              key: 'closed',
              label: t('savings.page.order.closed'),
              value: format.dateTime(order.closedTime),
            },
          ]}
        />
        <MoneyOutcomeAlert outcome={outcome} testId="savings-redeem" />
        {isEarning && <RedeemEarly order={order} headingId={headingId} onOutcome={setOutcome} />}
      </Stack>
    </Card>
  );
}

/** Early redemption: the penalty, the interest forfeited and what comes back are shown first, then confirmed. */
function RedeemEarly({
  order,
  headingId,
  onOutcome,
}: {
  order: TSavingsOrder;
  headingId: string;
  onOutcome: (outcome: MoneyOutcome) => void;
}) {
  const { t } = useTranslation();
  const format = useSavingsFormat();
  const redeem = useRedeem();
  const [isConfirming, setConfirming] = useState(false);
  const send = () =>
    redeem.mutate(order.id, {
      onSuccess: (after) => {
        setConfirming(false);
        onOutcome({
          tone: 'success',
          text:
            after.status === 'settled'
              ? t('savings.page.redeem.matured', { amount: format.exact(after.returned, after.asset) })
              : t('savings.page.redeem.done', { amount: format.exact(after.returned, after.asset) }),
        });
      },
      onError: (error) => {
        setConfirming(false);
        onOutcome({ tone: 'error', text: errorMessage(error) });
      },
    });
  return (
    <>
      <Group>
        <Button
          variant="light"
          color="orange"
          onClick={() => setConfirming(true)}
          aria-describedby={headingId}
          data-testid="savings-order-redeem"
        >
          {t('savings.page.order.redeem')}
        </Button>
      </Group>
      <ConfirmMove
        opened={isConfirming}
        pending={redeem.isPending}
        title={t('savings.page.redeem.title', { name: order.productName })}
        confirmLabel={t('savings.page.redeem.confirm')}
        testId="savings-redeem-confirm"
        onClose={() => setConfirming(false)}
        onConfirm={send}
      >
        <Facts
          facts={[
            {
              key: 'penalty',
              label: t('savings.page.redeem.penalty', { rate: format.percent(order.penaltyRate) }),
              value: format.exact(order.earlyExitPenalty, order.asset),
              testId: 'savings-redeem-penalty',
            },
            {
              key: 'forfeited',
              label: t('savings.page.redeem.forfeited'),
              value: format.exact(order.currentEarnings, order.asset),
              testId: 'savings-redeem-forfeited',
            },
            {
              key: 'returns',
              label: t('savings.page.redeem.returns'),
              value: format.exact(order.earlyExitReturn, order.asset),
              testId: 'savings-redeem-returns',
            },
          ]}
        />
        <Text size="sm">{t('savings.page.redeem.text')}</Text>
      </ConfirmMove>
    </>
  );
}
