import { Alert, Badge, Container, Text } from '@mantine/core';
import type { OptionsOrderStatus, TOptionsOrder } from '@openbourse/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeTextColour, trendName } from '../../shared/ui/trend-colours';
import { useColourConvention } from '../market/use-colour-convention';
import type { OptionsFormat } from './options-format';
import { WithOptionsTexts } from './options-i18n';
import { signOf } from './options-math';
import type { QuoteNotice, QuoteSide } from './quote-state';
import './options.css';
import { type Fact, Facts as SharedFacts } from '../../shared/ui/Facts';

export type { Fact };

/** An options page's frame: the options texts loaded, then the page in its container. */
export function OptionsScreen({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <WithOptionsTexts>
      <Container size="lg" py="xl" data-testid={testId}>
        {children}
      </Container>
    </WithOptionsTexts>
  );
}

/** A list of labelled facts (a series' terms, an order's figures), read as a description list. */
export function Facts(props: { facts: ReadonlyArray<Fact | null | false | '' | undefined>; label?: string }) {
  return <SharedFacts {...props} className="ob-options-facts" />;
}

/**
 * The server answered with a new quote (or the one held expired and the chain's fresh one has
 * another price): the new price, the old one, and a request to check and confirm again.
 */
export function QuoteChangedAlert({
  notice,
  side,
  asset,
  format,
  testId,
}: {
  notice: QuoteNotice;
  side: QuoteSide;
  asset: string;
  format: OptionsFormat;
  testId: string;
}) {
  const { t } = useTranslation();
  const same = notice.previous === notice.price;
  return (
    <Alert color="orange" role="alert" title={t('options.common.requote.title')} data-testid={testId}>
      {same
        ? t(`options.common.requote.${side}Same`, { price: format.money(notice.price, asset) })
        : t(`options.common.requote.${side}Changed`, {
            price: format.money(notice.price, asset),
            previous: format.money(notice.previous, asset),
          })}
    </Alert>
  );
}

/** A signed amount (a P&L) coloured by the reader's rise/fall convention; the sign says it too. */
export function Pnl({
  value,
  asset,
  format,
  testId,
}: {
  value: string | null;
  asset: string;
  format: OptionsFormat;
  testId?: string;
}) {
  const { convention } = useColourConvention();
  const sign = signOf(value);
  return (
    <span
      className="ob-amount"
      style={{ color: changeTextColour(sign, convention) }}
      data-trend={trendName(sign)}
      data-testid={testId}
    >
      {format.signedMoney(value, asset)}
    </span>
  );
}

const STATUS_COLOURS: Record<OptionsOrderStatus, string> = { open: 'teal', closed: 'gray', settled: 'blue' };

/** An order's status in words ("awaiting settlement" past expiry); the colour only repeats it. */
export function OrderStatusBadge({ order }: { order: TOptionsOrder }) {
  const { t } = useTranslation();
  const awaiting = order.status === 'open' && order.awaitingSettlement;
  return (
    <Badge
      color={awaiting ? 'orange' : STATUS_COLOURS[order.status]}
      variant="light"
      miw="max-content"
      data-testid="options-order-status"
      data-status={awaiting ? 'awaiting' : order.status}
    >
      {awaiting ? t('options.common.statuses.awaiting') : t(`options.common.statuses.${order.status}`)}
    </Badge>
  );
}

/** Options can expire worthless: the whole premium can be lost, never more. */
export function RiskWarning() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('options.common.risk.title')}
      data-testid="options-risk"
    >
      <Text size="sm">{t('options.common.risk.text')}</Text>
    </Alert>
  );
}
