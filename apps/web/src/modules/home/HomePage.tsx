import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LANGUAGE_BCP47, type Language } from '@openbourse/contracts';
import { DEFAULT_MARKET_TYPE } from '@openbourse/contracts/constants';
import {
  IconChartCandle,
  IconCoin,
  IconPhoto,
  IconPigMoney,
  IconRobot,
  IconShieldCheck,
  IconWallet,
} from '@tabler/icons-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMobileUserAgent } from '../../shared/device/device';
import { exactAmount, formatAssetAmount } from '../../shared/format/money';
import { isRouteAvailable } from '../../shared/routes';
import { ComingSoon } from '../../shared/ui/ComingSoon';
import { TrendText } from '../../shared/ui/TrendText';
import { MobileFooterLinks } from '../content/MobileFooterLinks';
import { useUserInfo } from '../identity/identity.api';
import { signOf } from '../ledger/amount';
import { listQuery } from '../market/market.api';
import { StatsStrip } from '../market/StatsStrip';

const PRODUCTS = [
  { path: '/market', icon: IconChartCandle, title: 'home.productMarketTitle', text: 'home.productMarketText' },
  { path: '/loan', icon: IconCoin, title: 'home.productLoanTitle', text: 'home.productLoanText' },
  {
    path: '/financial',
    icon: IconPigMoney,
    title: 'home.productFinancialTitle',
    text: 'home.productFinancialText',
  },
  { path: '/trading', icon: IconRobot, title: 'home.productTradingTitle', text: 'home.productTradingText' },
  { path: '/nfts', icon: IconPhoto, title: 'home.productNftsTitle', text: 'home.productNftsText' },
] as const;

// The market list (tabs, sparklines, the socket client) comes in its own chunk, fetched while
// the page paints, so the first load of / stays within its budget (bench/bundle-size.mjs).
const MarketBoard = lazy(() => import('../market/MarketBoard'));

/** The market list with a placeholder of its size while its code arrives; its data is asked for at once. */
function HomeMarkets({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  usePrefetchQuery(listQuery(DEFAULT_MARKET_TYPE));
  return (
    <Suspense
      fallback={
        <div className="ob-market-board-fallback" role="status" style={{ minHeight: compact ? 320 : 480 }}>
          <span className="ob-visually-hidden">{t('app.loading')}</span>
        </div>
      }
    >
      <MarketBoard compact={compact} />
    </Suspense>
  );
}

export default function HomePage() {
  const isMobile = isMobileUserAgent(navigator.userAgent);
  return isMobile ? <MobileHome /> : <DesktopHome />;
}

function DesktopHome() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl" data-testid="home-desktop">
      <section className="ob-hero" aria-labelledby="home-headline">
        <Stack gap="md" maw={760}>
          <Title order={1} id="home-headline" className="ob-hero-title">
            {t('home.headline')}
          </Title>
          <Text size="lg">{t('home.subheadline')}</Text>
          <Badge
            size="lg"
            variant="light"
            className="ob-app-badge"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
          >
            {t('home.appBadge')}
          </Badge>
        </Stack>
      </section>
      <SimpleGrid cols={2} spacing="lg" mt="xl">
        <Blurb
          icon={<IconChartCandle size={28} aria-hidden />}
          title={t('home.applicationTitle')}
          text={t('home.applicationText')}
        />
        <Blurb
          icon={<IconWallet size={28} aria-hidden />}
          title={t('home.depositTitle')}
          text={t('home.depositText')}
        />
      </SimpleGrid>
      <StatsStrip />
      <Banners />
      <Products />
      <HomeMarkets />
    </Container>
  );
}

function MobileHome() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="md" data-testid="home-mobile">
      <Stack gap="sm">
        <Title order={2} component="h1" className="ob-hero-title--mobile">
          {t('home.headline')}
        </Title>
        <Text size="sm">{t('home.subheadline')}</Text>
      </Stack>
      <BalanceCards />
      <HomeMarkets compact />
      <Banners />
      <Products />
      <MobileFooterLinks />
    </Container>
  );
}

/**
 * A signed-in user's USDT and USDC: available now and today's profit and loss, in the book
 * the account mode selects, each opening the balance page. Visitors see no cards at all.
 */
function BalanceCards() {
  const { t, i18n } = useTranslation();
  // Enabled only with a session: a visitor's query stays idle and shows nothing.
  const userInfo = useUserInfo();
  const user = userInfo.data;
  if (!user) return null;
  const locale = LANGUAGE_BCP47[i18n.language as Language] ?? 'en';
  // Both stablecoins have 6 decimals, as getUserInfo writes them.
  const cards = [
    { asset: 'USDT', available: user.usdtBalance, profit: user.usdtTodayProfit },
    { asset: 'USDC', available: user.usdcBalance, profit: user.usdcTodayProfit },
  ];
  return (
    <section aria-label={t('ledger.balances')} data-testid="home-balances">
      <SimpleGrid cols={2} spacing="sm" mt="lg">
        {cards.map((card) => {
          const sign = signOf(card.profit);
          return (
            <Card key={card.asset} withBorder padding="md" data-testid={`home-balance-${card.asset}`}>
              <Text fw={700} component={Link} to="/profile/balance" className="ob-card-link">
                {card.asset}
              </Text>
              <Text size="xs" c="dimmed" mt={6}>
                {t('ledger.available')}
              </Text>
              <Text fw={600} size="lg">
                <span
                  className="ob-amount"
                  title={exactAmount(card.available, card.asset, locale, { withCode: false })}
                >
                  {formatAssetAmount(card.available, card.asset, locale, { withCode: false })}
                </span>
              </Text>
              <Text size="xs" c="dimmed" mt={6}>
                {t('ledger.todayPnl')}
              </Text>
              <TrendText sign={sign} component="p" size="sm" fw={600}>
                <span
                  className="ob-amount"
                  title={exactAmount(card.profit, card.asset, locale, { signed: true, withCode: false })}
                >
                  {formatAssetAmount(card.profit, card.asset, locale, { signed: true, withCode: false })}
                </span>
              </TrendText>
              {/* SPEC §2: each card's Deposit button (#15). */}
              <Button
                component={Link}
                to={`/deposit?asset=${card.asset}`}
                size="compact-sm"
                mt="sm"
                aria-label={t('money.depositAsset', { asset: card.asset })}
                data-testid={`home-deposit-${card.asset}`}
              >
                {t('money.deposit')}
              </Button>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

function Blurb({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <Card withBorder padding="lg" component="section">
      <Group gap="sm" mb="xs" wrap="nowrap">
        {icon}
        <Title order={2} size="h3">
          {title}
        </Title>
      </Group>
      <Text>{text}</Text>
    </Card>
  );
}

function Banners() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="xl">
      <Card padding="lg" className="ob-banner ob-banner--notice" component={Link} to="/help/notice">
        <Title order={2} size="h3">
          {t('home.bannerNoticeTitle')}
        </Title>
        <Text mt="xs">{t('home.bannerNoticeText')}</Text>
      </Card>
      {isRouteAvailable('/profile') ? (
        <Card padding="lg" className="ob-banner ob-banner--demo" component={Link} to="/profile">
          <Title order={2} size="h3">
            {t('home.bannerDemoTitle')}
          </Title>
          <Text mt="xs">{t('home.bannerDemoText')}</Text>
        </Card>
      ) : (
        <Card padding="lg" className="ob-banner ob-banner--demo">
          <Title order={2} size="h3">
            {t('home.bannerDemoTitle')}
          </Title>
          <Text mt="xs">{t('home.bannerDemoText')}</Text>
          <Badge mt="sm" variant="white" color="dark">
            {t('app.comingSoon')}
          </Badge>
        </Card>
      )}
    </SimpleGrid>
  );
}

function Products() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-products" className="ob-products">
      <Title order={2} id="home-products" mt="xl" mb="md">
        {t('home.productsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        {PRODUCTS.map((product) => {
          const Icon = product.icon;
          return (
            <Card key={product.path} withBorder padding="lg" component="article">
              <Icon size={32} aria-hidden className="ob-product-icon" />
              <Title order={3} size="h4" mt="sm">
                {t(product.title)}
              </Title>
              <Text size="sm" mt="xs" className="ob-product-text">
                {t(product.text)}
              </Text>
              {isRouteAvailable(product.path) ? (
                <Button component={Link} to={product.path} mt="md" variant="light">
                  {t('home.getStarted')}
                </Button>
              ) : (
                <ComingSoon className="ob-product-soon">{t('app.comingSoon')}</ComingSoon>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
