import { Alert, Anchor, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TSmartOrder, TSmartProduct } from '@openbourse/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { useSession } from '../identity/session';
import { BuyPlanModal } from './BuyPlanModal';
import { PlanCard } from './PlanCard';
import { ProductCard, type Viewer } from './ProductCard';
import { DemoNotice, PlansScreen, RiskDisclosure, SignInToStart, usePlanFormat } from './parts';
import { usePlansSession, useSmartOrders, useSmartProducts } from './plans.api';

type Tab = 'products' | 'mine';

/**
 * /trading (SPEC §2 "Smart trading plans", issue 18): the risk disclosure, the plans on offer
 * with their backtests, and the user's plans with live figures. A visitor sees the products and a
 * way to sign in; a demo account that plans are for the live account only.
 */
export default function TradingPlansPage() {
  return (
    <PlansScreen testId="plans-page">
      <Plans />
    </PlansScreen>
  );
}

function Plans() {
  const { t } = useTranslation();
  const { isSignedIn, isLive } = usePlansSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isLive && params.get('tab') === 'mine' ? 'mine' : 'products';
  const [started, setStarted] = useState<TSmartOrder | null>(null);
  const show = (next: Tab) => setParams(next === 'mine' ? { tab: 'mine' } : {}, { replace: true });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('plans.common.title')}
        </Title>
        <Text c="dimmed">{t('plans.common.intro')}</Text>
      </div>
      <RiskDisclosure />
      {!isSignedIn && <SignInToStart />}
      {isSignedIn && !isLive && <DemoNotice />}
      {started && (
        <Alert color="teal" role="status" data-testid="plan-started" withCloseButton onClose={() => setStarted(null)}>
          <Text size="sm">{t('plans.buy.started')}</Text>
          {tab !== 'mine' && (
            <Anchor component="button" size="sm" onClick={() => show('mine')}>
              {t('plans.buy.seeMine')}
            </Anchor>
          )}
        </Alert>
      )}
      {isLive ? (
        <Tabs value={tab} onChange={(next) => show(next === 'mine' ? 'mine' : 'products')} keepMounted={false}>
          <Tabs.List aria-label={t('plans.common.tabs.label')}>
            <Tabs.Tab value="products" data-testid="plans-tab-products">
              {t('plans.common.tabs.products')}
            </Tabs.Tab>
            <Tabs.Tab value="mine" data-testid="plans-tab-mine">
              {t('plans.common.tabs.mine')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="products" pt="md">
            <LiveProducts
              onStarted={(order) => {
                setStarted(order);
                show('mine');
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="md">
            <MyPlans />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Products viewer={{ kind: isSignedIn ? 'demo' : 'visitor' }} onStarted={() => undefined} />
      )}
    </Stack>
  );
}

/** The products for a live account: its VIP level and the products it already runs decide each card's action. */
function LiveProducts({ onStarted }: { onStarted: (order: TSmartOrder) => void }) {
  const { user } = useSession();
  const orders = useSmartOrders();
  const running = useMemo(
    () =>
      new Set((orders.data?.items ?? []).filter((order) => order.status === 'running').map((order) => order.productId)),
    [orders.data],
  );
  return (
    <Products viewer={{ kind: 'live', level: user?.level ?? 0, runningProductIds: running }} onStarted={onStarted} />
  );
}

function Products({ viewer, onStarted }: { viewer: Viewer; onStarted: (order: TSmartOrder) => void }) {
  const { t } = useTranslation();
  const format = usePlanFormat();
  const products = useSmartProducts();
  const [buying, setBuying] = useState<TSmartProduct | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="plan-products-title" data-testid="plan-products">
      <Title order={2} size="h3" id="plan-products-title">
        {t('plans.products.title')}
      </Title>
      <QueryState query={products}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" py="md" data-testid="plan-products-empty">
              {t('plans.products.empty')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {data.items.map((product) => (
                <ProductCard key={product.id} product={product} viewer={viewer} format={format} onStart={setBuying} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      {buying && (
        <BuyPlanModal
          product={buying}
          format={format}
          onClose={() => setBuying(null)}
          onStarted={(order) => {
            setBuying(null);
            onStarted(order);
          }}
        />
      )}
    </Stack>
  );
}

/** The user's plans, newest first, with live figures while one runs. */
function MyPlans() {
  const { t } = useTranslation();
  const format = usePlanFormat();
  const orders = useSmartOrders();
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-plans-title" data-testid="my-plans">
      <Title order={2} size="h3" id="my-plans-title">
        {t('plans.mine.title')}
      </Title>
      <QueryState query={orders}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" py="md" data-testid="my-plans-empty">
              {t('plans.mine.empty')}
            </Text>
          ) : (
            <Stack gap="md">
              {data.items.some((order) => order.status === 'running') && (
                <Text size="xs" c="dimmed">
                  {t('plans.mine.live')}
                </Text>
              )}
              {data.items.map((order) => (
                <PlanCard key={order.id} order={order} format={format} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
