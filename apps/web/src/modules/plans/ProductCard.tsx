import { Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import type { TSmartProduct } from '@openbourse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BacktestPanel } from './BacktestPanel';
import { Facts, type PlanFormat } from './parts';

/** Who is looking: a visitor, a demo account, or a live account with its VIP level and the products it runs. */
export type Viewer =
  | { kind: 'visitor' }
  | { kind: 'demo' }
  | { kind: 'live'; level: number; runningProductIds: ReadonlySet<string> };

/**
 * One plan product as a user weighs it (SPEC §2 "/trading", §3 "Smart plan product"): its name,
 * strategy and instrument, the bars it decides on, leverage and position size, the amounts and
 * durations offered, the early-exit fee (disclosed before anything is bought), who may start it,
 * and its backtest. Its action follows the viewer.
 */
export function ProductCard({
  product,
  viewer,
  format,
  onStart,
}: {
  product: TSmartProduct;
  viewer: Viewer;
  format: PlanFormat;
  onStart: (product: TSmartProduct) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      data-testid="plan-product"
      data-product-id={product.id}
      data-code={product.code}
    >
      <Stack gap="sm" h="100%">
        <div>
          <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t(`plans.common.strategyAbout.${product.strategy}`)}
          </Text>
        </div>
        <Facts
          facts={[
            {
              key: 'strategy',
              label: t('plans.products.strategy'),
              value: t(`plans.common.strategies.${product.strategy}`),
              testId: 'plan-product-strategy',
            },
            {
              key: 'instrument',
              label: t('plans.products.instrument'),
              value: <span className="ob-amount">{product.code}</span>,
            },
            {
              key: 'bars',
              label: t('plans.products.bars'),
              value: t('plans.common.barMinutes', { minutes: product.intervalMinutes }),
            },
            {
              key: 'leverage',
              label: t('plans.products.leverage'),
              value: <span className="ob-amount">{`1:${product.leverage}`}</span>,
            },
            {
              key: 'sizing',
              label: t('plans.products.sizing'),
              value: t('plans.common.perPosition', { share: format.rate(product.marginShare) }),
            },
            {
              key: 'amounts',
              label: t('plans.products.amounts'),
              value: t('plans.products.amountRange', {
                min: format.usdt(product.minAmount),
                max: format.usdt(product.maxAmount),
              }),
              testId: 'plan-product-amounts',
            },
            {
              key: 'durations',
              label: t('plans.products.durations'),
              value: product.days.map((days) => format.days(days)).join(' · '),
              testId: 'plan-product-durations',
            },
            {
              key: 'exitFee',
              label: t('plans.products.exitFee'),
              value: t('plans.products.exitFeeValue', { rate: format.rate(product.exitFeeRate) }),
              testId: 'plan-product-exit-fee',
            },
            {
              key: 'level',
              label: t('plans.products.minLevel'),
              value: format.level(product.minLevel),
              testId: 'plan-product-level',
            },
          ]}
        />
        <Divider />
        <Title order={4} size="h6">
          {t('plans.products.backtest.title')}
        </Title>
        <BacktestPanel backtest={product.backtest} format={format} />
        <Stack mt="auto" gap="xs" pt="xs">
          <ProductAction product={product} viewer={viewer} headingId={headingId} onStart={onStart} />
        </Stack>
      </Stack>
    </Card>
  );
}

function ProductAction({
  product,
  viewer,
  headingId,
  onStart,
}: {
  product: TSmartProduct;
  viewer: Viewer;
  /** The product's heading: what the button starts, read with it. */
  headingId: string;
  onStart: (product: TSmartProduct) => void;
}) {
  const { t } = useTranslation();
  if (viewer.kind === 'visitor') {
    return (
      <Button
        component={Link}
        to="/pass/login"
        state={{ from: '/trading' }}
        variant="light"
        aria-describedby={headingId}
      >
        {t('plans.products.signInToStart')}
      </Button>
    );
  }
  if (viewer.kind === 'demo') return null;
  if (viewer.level < product.minLevel) {
    return (
      <Text size="sm" data-testid="plan-product-level-needed">
        {t('plans.products.levelNeeded', {
          level: product.minLevel,
          yours: viewer.level === 0 ? t('plans.common.levelNormal') : `VIP${viewer.level}`,
        })}
      </Text>
    );
  }
  if (viewer.runningProductIds.has(product.id)) {
    return (
      <Text size="sm" data-testid="plan-product-running">
        {t('plans.products.running')}
      </Text>
    );
  }
  return (
    <Button onClick={() => onStart(product)} aria-describedby={headingId} data-testid="plan-product-start">
      {t('plans.products.start')}
    </Button>
  );
}
