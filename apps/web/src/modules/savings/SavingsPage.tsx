import { Alert, Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TFinancialProduct, TSavingsOrder } from '@openbourse/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { LiveOnlyNotice, SignInNotice } from '../identity/AccountNotices';
import { useUserInfo } from '../identity/identity.api';
import { Facts } from './parts';
import { SavingsOrders } from './SavingsOrders';
import { SubscribeDialog } from './SubscribeDialog';
import { useFinancialProducts, useSavingsOrders, useSavingsSession } from './savings.api';
import { useSavingsFormat } from './savings-format';
import { WithSavingsTexts } from './savings-i18n';
import { indicativeAnnualRate } from './savings-math';
import './savings.css';

/**
 * /financial (SPEC §2 "Fixed-term financial products and my investments"; issue 18): the risk
 * disclosure first, the products with their terms, a subscription with its summary and a
 * confirmation before money moves, and the investor's orders with their figures and early
 * redemption. A visitor sees the products and a way to sign in; a demo account, that savings are
 * for the live account only.
 */
export default function SavingsPage() {
  return (
    <WithSavingsTexts>
      <Container size="md" py="xl" data-testid="savings-page">
        <Savings />
      </Container>
    </WithSavingsTexts>
  );
}

function Savings() {
  const { t } = useTranslation();
  const { isSignedIn, isLive } = useSavingsSession();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('savings.page.title')}
        </Title>
        <Text c="dimmed">{t('savings.page.intro')}</Text>
      </div>
      <RiskDisclosure />
      {!isSignedIn && <SignInToSubscribe />}
      {isSignedIn && !isLive && <DemoNotice />}
      <Products />
      {isLive && (
        <Card withBorder padding="lg" component="section" aria-labelledby="savings-orders-title">
          <Title order={2} size="h3" id="savings-orders-title" mb="sm">
            {t('savings.page.orders.title')}
          </Title>
          <SavingsOrders />
        </Card>
      )}
    </Stack>
  );
}

/** What a subscriber must know before anything else: the rate is a promise funded by the treasury, and leaving early costs. */
function RiskDisclosure() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('savings.page.risk.title')} data-testid="savings-risk" component="section">
      <List size="sm" spacing={4}>
        <List.Item>{t('savings.page.risk.promise')}</List.Item>
        <List.Item>{t('savings.page.risk.earlyExit')}</List.Item>
        <List.Item>{t('savings.page.risk.notInsured')}</List.Item>
      </List>
    </Alert>
  );
}

function SignInToSubscribe() {
  const { t } = useTranslation();
  return (
    <SignInNotice
      testId="savings-sign-in"
      from="/financial"
      title={t('savings.page.signIn.title')}
      text={t('savings.page.signIn.text')}
      action={t('savings.page.signIn.action')}
    />
  );
}

function DemoNotice() {
  const { t } = useTranslation();
  return (
    <LiveOnlyNotice
      testId="savings-demo"
      title={t('savings.page.demo.title')}
      text={t('savings.page.demo.text')}
      action={t('savings.page.demo.action')}
    />
  );
}

function Products() {
  const { t } = useTranslation();
  const products = useFinancialProducts();
  const { isLive } = useSavingsSession();
  const userInfo = useUserInfo();
  const orders = useSavingsOrders();
  const [subscribing, setSubscribing] = useState<{ product: TFinancialProduct; key: number } | null>(null);
  const held = new Set(
    (orders.data?.items ?? [])
      .filter((order: TSavingsOrder) => order.status === 'earning')
      .map((order) => order.productId),
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="savings-products-title" data-testid="savings-products">
      <Title order={2} size="h3" id="savings-products-title">
        {t('savings.page.products.title')}
      </Title>
      <QueryState query={products}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" py="md" data-testid="savings-products-empty">
              {t('savings.page.products.empty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {data.items.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  viewer={
                    isLive
                      ? { kind: 'investor', level: userInfo.data?.level ?? 0, holds: held.has(product.id) }
                      : { kind: 'other' }
                  }
                  onSubscribe={() => setSubscribing({ product, key: Date.now() })}
                />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      {subscribing && (
        <SubscribeDialog key={subscribing.key} product={subscribing.product} onClose={() => setSubscribing(null)} />
      )}
    </Stack>
  );
}

type Viewer = { kind: 'other' } | { kind: 'investor'; level: number; holds: boolean };

/** Why a live investor cannot subscribe to a product now, or null when they can. */
function blockOf(product: TFinancialProduct, viewer: Viewer): 'paused' | 'soldOut' | 'level' | 'held' | null {
  if (!product.onSale) return 'paused';
  if (viewer.kind !== 'investor') return null;
  if (viewer.holds) return 'held';
  if (viewer.level < product.minLevel) return 'level';
  if (product.remainingCapacity === '0') return 'soldOut';
  return null;
}

/**
 * One product as an investor weighs it: the period, the daily rate with its indicative annual
 * rate, the limits, the capacity left, who may subscribe, the early-redemption penalty and the
 * interest its maximum earns; then the way to subscribe, or why not.
 */
function ProductCard({
  product,
  viewer,
  onSubscribe,
}: {
  product: TFinancialProduct;
  viewer: Viewer;
  onSubscribe: () => void;
}) {
  const { t } = useTranslation();
  const format = useSavingsFormat();
  const headingId = useId();
  const block = blockOf(product, viewer);
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      data-testid="savings-product"
      data-product-id={product.id}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Title>
          {!product.onSale && (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              {t('savings.page.product.pausedBadge')}
            </Badge>
          )}
        </Group>
        <Facts
          facts={[
            { key: 'period', label: t('savings.page.product.period'), value: format.days(product.periodDays) },
            {
              key: 'rate',
              label: t('savings.page.product.dailyRate'),
              value: t('savings.page.product.perDay', { rate: format.percent(product.dailyRate) }),
              testId: 'savings-product-rate',
            },
            {
              key: 'annual',
              label: t('savings.page.product.annual'),
              value: format.percent(indicativeAnnualRate(product.dailyRate).round(6, 'half-even').toString()),
            },
            {
              key: 'limits',
              label: t('savings.page.product.limits'),
              value: t('savings.page.product.limitRange', {
                min: format.amount(product.minAmount, product.asset),
                max: format.amount(product.maxAmount, product.asset),
              }),
            },
            {
              key: 'remaining',
              label: t('savings.page.product.remaining'),
              value: format.amount(product.remainingCapacity, product.asset),
            },
            {
              key: 'level',
              label: t('savings.page.product.minLevel'),
              value:
                product.minLevel === 0
                  ? t('savings.page.product.anyLevel')
                  : t('savings.page.product.levelOrHigher', { level: format.level(product.minLevel) }),
            },
            {
              key: 'penalty',
              label: t('savings.page.product.penalty'),
              value: t('savings.page.product.penaltyValue', { rate: format.percent(product.penaltyRate) }),
              testId: 'savings-product-penalty',
            },
            {
              key: 'atMax',
              label: t('savings.page.product.interestAtMax', {
                amount: format.amount(product.maxAmount, product.asset),
              }),
              value: format.exact(product.interestAtMax, product.asset),
            },
          ]}
        />
        <Group mt="auto" gap="sm">
          <ProductAction
            product={product}
            viewer={viewer}
            block={block}
            headingId={headingId}
            onSubscribe={onSubscribe}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function ProductAction({
  product,
  viewer,
  block,
  headingId,
  onSubscribe,
}: {
  product: TFinancialProduct;
  viewer: Viewer;
  block: ReturnType<typeof blockOf>;
  headingId: string;
  onSubscribe: () => void;
}) {
  const { t } = useTranslation();
  const format = useSavingsFormat();
  if (block !== null) {
    const text =
      block === 'level'
        ? t('savings.page.product.levelTooLow', {
            level: format.level(product.minLevel),
            yours: format.level(viewer.kind === 'investor' ? viewer.level : 0),
          })
        : t(`savings.page.product.${block}`);
    return (
      <Text size="sm" c="dimmed" data-testid="savings-product-blocked" data-reason={block}>
        {text}
      </Text>
    );
  }
  if (viewer.kind !== 'investor') return null;
  return (
    <Button onClick={onSubscribe} aria-describedby={headingId} data-testid="savings-product-subscribe">
      {t('savings.page.product.subscribe')}
    </Button>
  );
}
