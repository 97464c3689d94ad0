import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TMarketInfo } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exactAmount, formatAssetAmount, formatUsdtAmount, isRounded } from '../../shared/format/money';
import { formatPrice, formatQuantity, formatRatioPercent } from '../market/format';
import { PriceWithBadge } from '../market/parts';
import { useColourConvention } from '../market/use-colour-convention';
import { useLocale } from '../market/use-locale';
import { ConfirmOrderModal, type SummaryRow } from './ConfirmOrderModal';
import { FigureList, INPUT_STYLES, RiskWarning } from './TradingParts';
import { leverageMarks, type Side } from './ticket-math';
import { formatSmall } from './trading-format';
import { toWireOrRaw, useOrderTicket } from './use-order-ticket';

/**
 * The order ticket (SPEC §2 /market, §5 Trading): side, order type, lots, leverage, stop loss,
 * take profit and trailing stop, each checked as it is typed with the server's own messages; a
 * live preview of notional, margin, estimated fee, tick value and the stop-out estimate; the
 * risk warning; and a confirmation listing everything before anything is sent. Mount it with
 * `key={code}` so another instrument starts a fresh ticket.
 */
export default function OrderTicket({
  info,
  headingOrder = 2,
  initialSide,
  onPlaced,
  titleHidden = false,
}: {
  info: TMarketInfo;
  headingOrder?: 2 | 3;
  /** The side chosen before the ticket opened (the phone's Buy and Sell bar). */
  initialSide?: Side;
  /** Called once an order is placed (the phone's sheet closes then). */
  onPlaced?: () => void;
  /** The title is read by screen readers only (a sheet whose own title says it). */
  titleHidden?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { colours } = useColourConvention();
  const ticket = useOrderTicket(info, { initialSide, onPlaced });
  const { fields, errors, preview } = ticket;
  const { side, orderType, entry, lots, leverage, stopLoss, takeProfit, trailing, amountMode, amount } = fields;
  const price = (value: string | null) => formatPrice(value, info.precision, locale);
  const quantity = (value: string) => formatQuantity(value, locale, 12);

  const quote = info.quoteCurrency;
  const none = t('trading.ticket.none');
  const previewRows: SummaryRow[] = preview
    ? [
        {
          term: t('trading.preview.notional'),
          value: (
            <span className="ob-amount">
              <Rounded value={preview.notionalQuote.toString()} asset={quote} locale={locale} />
              {quote !== 'USDT' && preview.notionalUsdt && (
                <Text component="span" size="xs" c="dimmed" display="block">
                  ≈ <Rounded value={preview.notionalUsdt.toString()} asset="USDT" locale={locale} />
                </Text>
              )}
            </span>
          ),
        },
        {
          term: t('trading.preview.margin'),
          value: (
            <span className="ob-amount" data-testid="ticket-margin">
              {formatUsdtAmount(preview.margin, locale)}
            </span>
          ),
        },
        {
          term: ticket.isPendingOrder ? t('trading.preview.feeAtFill') : t('trading.preview.fee'),
          value: (
            <span className="ob-amount" data-testid="ticket-fee">
              {formatUsdtAmount(preview.fee, locale)}
            </span>
          ),
        },
        {
          term: t('trading.preview.tickValue', { tick: quantity(info.tickSize) }),
          value: (
            <span className="ob-amount">
              {quote === 'USDT' || !preview.pipValueUsdt
                ? formatSmall(preview.pipValueQuote, quote, locale)
                : `${formatSmall(preview.pipValueQuote, quote, locale)} ≈ ${formatSmall(preview.pipValueUsdt, 'USDT', locale)}`}
            </span>
          ),
        },
        {
          term: t('trading.preview.stopOut'),
          value: (
            <span className="ob-amount" data-testid="ticket-stop-out">
              {!ticket.account
                ? t('trading.preview.stopOutSignedOut')
                : preview.stopOutPrice
                  ? price(preview.stopOutPrice.toString())
                  : t('trading.preview.stopOutNone')}
            </span>
          ),
        },
        ...(ticket.risk
          ? [
              {
                term: t('trading.preview.risk'),
                value: (
                  <span className="ob-amount" data-testid="ticket-risk">
                    {formatUsdtAmount(ticket.risk, locale)}
                  </span>
                ),
              },
            ]
          : []),
      ]
    : [];

  const sideLabel = t(`trading.side.${side}`);
  const confirmRows: SummaryRow[] = [
    { term: t('trading.confirm.instrument'), value: `${info.appName} (${info.code})` },
    { term: t('trading.confirm.side'), value: sideLabel },
    { term: t('trading.confirm.type'), value: t(`trading.orderType.${orderType}`) },
    {
      term: t('trading.ticket.lots'),
      value: <span className="ob-amount">{ticket.lotsValue ? quantity(ticket.lotsValue.toString()) : none}</span>,
    },
    { term: t('trading.ticket.leverage'), value: <span className="ob-amount">{`1:${leverage}`}</span> },
    {
      term: ticket.isPendingOrder ? t('trading.confirm.entryPrice') : t('trading.confirm.marketPrice'),
      value: <span className="ob-amount">{ticket.reference ? price(ticket.reference.toString()) : none}</span>,
    },
    {
      term: t('trading.ticket.stopLoss'),
      value: <span className="ob-amount">{stopLoss.trim() ? price(toWireOrRaw(stopLoss)) : none}</span>,
    },
    {
      term: t('trading.ticket.takeProfit'),
      value: <span className="ob-amount">{takeProfit.trim() ? price(toWireOrRaw(takeProfit)) : none}</span>,
    },
    {
      term: t('trading.ticket.trailing'),
      value: <span className="ob-amount">{trailing.trim() ? quantity(toWireOrRaw(trailing)) : none}</span>,
    },
    ...previewRows,
  ];

  const sideColour = side === 'long' ? colours.upFill : colours.downFill;
  const headingId = `${ticket.idBase}-title`;
  // The price a market order fills at now: the instrument's last price from its feed, the one the
  // server fills at (no bid or ask is invented); a pending order fills at its entry.
  const fillPrice = ticket.isPendingOrder ? ticket.reference : ticket.current;
  const sideLabelFor = (value: Side) => (
    <Stack gap={0} align="center" data-testid={`ticket-side-${value}`}>
      <span>{t(`trading.side.${value}`)}</span>
      {fillPrice && (
        <Text component="span" size="xs" className="ob-amount ob-ticket-fill" data-testid={`ticket-fill-${value}`}>
          {t('trading.ticket.fillAt', {
            price: price(fillPrice.toString()),
            fee: preview?.fee ? formatUsdtAmount(preview.fee, locale) : none,
          })}
        </Text>
      )}
    </Stack>
  );
  const Heading = (
    <Title order={headingOrder} size="h4" id={headingId}>
      {t('trading.ticket.title', { name: info.appName })}
    </Title>
  );
  const reviewReasonId = ticket.blockedText ? ticket.reasonId : ticket.fixText ? ticket.fixId : undefined;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-testid="order-ticket">
      <form onSubmit={ticket.review} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="xs">
            {titleHidden ? <VisuallyHidden>{Heading}</VisuallyHidden> : Heading}
            {ticket.token && (
              <Badge color={ticket.mode === 'demo' ? 'teal.9' : 'blue.9'} data-testid="ticket-account-mode">
                {ticket.mode === 'demo' ? t('trading.ticket.demoAccount') : t('trading.ticket.liveAccount')}
              </Badge>
            )}
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('trading.ticket.currentPrice')}
            </Text>
            <PriceWithBadge item={info} testId="ticket-price-now" />
          </Group>

          <SegmentedControl
            fullWidth
            value={side}
            onChange={(value) => fields.setSide(value === 'short' ? 'short' : 'long')}
            color={sideColour}
            autoContrast
            aria-label={t('trading.ticket.side')}
            data-tour="ticket-side"
            data={[
              { value: 'long', label: sideLabelFor('long') },
              { value: 'short', label: sideLabelFor('short') },
            ]}
          />
          {fillPrice && (
            <Text size="xs" c="dimmed" mt={-4} data-testid="ticket-fill-source">
              {ticket.isPendingOrder
                ? t('trading.ticket.fillSourcePending')
                : t('trading.ticket.fillSource', { source: info.source })}
            </Text>
          )}
          <SegmentedControl
            fullWidth
            size="xs"
            value={orderType}
            onChange={(value) => fields.setOrderType(value === 'limit' || value === 'stop' ? value : 'market')}
            aria-label={t('trading.ticket.orderType')}
            data={(['market', 'limit', 'stop'] as const).map((value) => ({
              value,
              label: <span data-testid={`ticket-type-${value}`}>{t(`trading.orderType.${value}`)}</span>,
            }))}
          />
          {ticket.isPendingOrder && (
            <TextInput
              styles={INPUT_STYLES}
              id={ticket.fieldId('entry')}
              label={orderType === 'limit' ? t('trading.ticket.limitPrice') : t('trading.ticket.stopPrice')}
              description={t(`trading.ticket.entryHint.${orderType}.${side}`, { price: price(info.price) })}
              inputMode="decimal"
              autoComplete="off"
              value={entry}
              onChange={(event) => fields.setEntry(event.currentTarget.value)}
              onBlur={() => ticket.touch('entry')}
              error={errors.entry}
              required
              data-testid="ticket-price"
            />
          )}
          <SegmentedControl
            fullWidth
            size="xs"
            value={amountMode}
            onChange={(value) => fields.setAmountMode(value === 'usdt' ? 'usdt' : 'lots')}
            aria-label={t('trading.ticket.amountMode')}
            data={[
              { value: 'lots', label: <span data-testid="ticket-mode-lots">{t('trading.ticket.byLots')}</span> },
              { value: 'usdt', label: <span data-testid="ticket-mode-usdt">{t('trading.ticket.byUsdt')}</span> },
            ]}
          />
          <SimpleGrid type="container" cols={{ base: 1, '560px': 2 }} spacing="sm">
            {amountMode === 'lots' ? (
              <TextInput
                styles={INPUT_STYLES}
                id={ticket.fieldId('lots')}
                label={t('trading.ticket.lots')}
                description={t('trading.ticket.lotsHint', {
                  min: quantity(info.minLots),
                  max: quantity(info.maxLots),
                  step: quantity(info.lotStep),
                  size: quantity(info.contractSize),
                  unit: info.baseCurrency,
                })}
                inputMode="decimal"
                autoComplete="off"
                value={lots}
                onChange={(event) => fields.setLots(event.currentTarget.value)}
                onKeyDown={ticket.onLotsKey}
                onBlur={() => ticket.touch('lots')}
                error={errors.lots}
                required
                data-testid="ticket-lots"
                data-tour="ticket-lots"
              />
            ) : (
              <TextInput
                styles={INPUT_STYLES}
                id={ticket.fieldId('lots')}
                label={t('trading.ticket.amount')}
                description={
                  <span data-testid="ticket-amount-lots">
                    {t('trading.ticket.amountHint', {
                      lots: ticket.amountLots ? quantity(ticket.amountLots.toString()) : none,
                      step: quantity(info.lotStep),
                    })}
                  </span>
                }
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => fields.setAmount(event.currentTarget.value)}
                onBlur={() => ticket.touch('lots')}
                error={errors.lots}
                required
                rightSection={
                  <Text size="xs" c="dimmed">
                    USDT
                  </Text>
                }
                rightSectionWidth={52}
                data-testid="ticket-amount"
                data-tour="ticket-lots"
              />
            )}
            <Stack gap={6}>
              <NumberInput
                styles={INPUT_STYLES}
                id={ticket.fieldId('leverage')}
                label={t('trading.ticket.leverageLabel', { cap: info.leverageCap })}
                description={
                  ticket.leverageClamped ? (
                    <span role="status" data-testid="ticket-leverage-clamped">
                      {t('trading.ticket.leverageClamped', { cap: info.leverageCap })}
                    </span>
                  ) : undefined
                }
                value={leverage}
                onChange={(value) =>
                  fields.setLeverage(typeof value === 'number' ? value : value === '' ? '' : Number(value))
                }
                min={1}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                leftSection={
                  <Text size="sm" c="dimmed">
                    1:
                  </Text>
                }
                error={errors.leverage}
                data-testid="ticket-leverage"
              />
              {info.leverageCap > 1 && (
                <Slider
                  value={leverage === '' ? 1 : leverage}
                  onChange={fields.setLeverage}
                  min={1}
                  max={info.leverageCap}
                  step={1}
                  marks={leverageMarks(info.leverageCap).map((value) => ({ value, label: `${value}×` }))}
                  label={(value) => `1:${value}`}
                  thumbLabel={t('trading.ticket.leverage')}
                  color={sideColour}
                  mb="lg"
                  mx="xs"
                  data-testid="ticket-leverage-slider"
                />
              )}
            </Stack>
          </SimpleGrid>
          <SimpleGrid type="container" cols={{ base: 1, '560px': 2 }} spacing="sm">
            <TextInput
              styles={INPUT_STYLES}
              id={ticket.fieldId('stopLoss')}
              label={t('trading.ticket.stopLoss')}
              description={t(`trading.ticket.stopLossHint.${side}`)}
              placeholder={none}
              inputMode="decimal"
              autoComplete="off"
              value={stopLoss}
              onChange={(event) => fields.setStopLoss(event.currentTarget.value)}
              error={errors.stopLoss}
              data-testid="ticket-stop-loss"
              data-tour="ticket-sltp"
            />
            <TextInput
              styles={INPUT_STYLES}
              id={ticket.fieldId('takeProfit')}
              label={t('trading.ticket.takeProfit')}
              description={t(`trading.ticket.takeProfitHint.${side}`)}
              placeholder={none}
              inputMode="decimal"
              autoComplete="off"
              value={takeProfit}
              onChange={(event) => fields.setTakeProfit(event.currentTarget.value)}
              error={errors.takeProfit}
              data-testid="ticket-take-profit"
            />
          </SimpleGrid>
          <TextInput
            styles={INPUT_STYLES}
            id={ticket.fieldId('trailing')}
            label={t('trading.ticket.trailing')}
            description={t('trading.ticket.trailingHint', { tick: quantity(info.tickSize), quote })}
            placeholder={none}
            inputMode="decimal"
            autoComplete="off"
            value={trailing}
            onChange={(event) => fields.setTrailing(event.currentTarget.value)}
            error={errors.trailing}
            data-testid="ticket-trailing"
          />

          <section aria-labelledby={`${ticket.idBase}-preview`} data-testid="ticket-preview">
            <Group justify="space-between" gap="xs" mb={6}>
              <Text id={`${ticket.idBase}-preview`} fw={600} size="sm">
                {t('trading.preview.title')}
              </Text>
              <Badge size="xs" variant="outline" color="gray">
                {t('trading.preview.estimated')}
              </Badge>
            </Group>
            {preview ? (
              <FigureList items={previewRows} />
            ) : (
              <Text size="sm" c="dimmed">
                {!ticket.isPendingOrder && ticket.current === null
                  ? t('trading.ticket.blocked.noPrice')
                  : t('trading.preview.incomplete')}
              </Text>
            )}
            {preview && !preview.notionalUsdt && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('trading.preview.noConversion', { quote })}
              </Text>
            )}
            {ticket.available !== null && (
              <Text size="xs" c="dimmed" mt={6} data-testid="ticket-available">
                {t('trading.preview.available', { amount: formatUsdtAmount(ticket.available, locale) })}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={6}>
              {t('trading.preview.feeNote', { rate: formatRatioPercent(ticket.feeRate, locale) })}
            </Text>
            {info.usdSettledAsUsdt && info.quoteCurrency.toUpperCase() !== 'USDT' && (
              <Text size="xs" c="dimmed" mt={2} data-testid="ticket-usd-note">
                {t('trading.preview.usdNote')}
              </Text>
            )}
          </section>

          <RiskWarning compact />

          {ticket.refusal && (
            <Alert
              color="red"
              variant="light"
              p="xs"
              role="alert"
              title={t('trading.ticket.refused')}
              withCloseButton
              closeButtonLabel={t('app.close')}
              onClose={ticket.dismissRefusal}
              data-testid="ticket-refusal"
            >
              <Text size="sm">{ticket.refusal}</Text>
            </Alert>
          )}
          {ticket.blockedText && (
            <Alert
              color={ticket.blocked === 'signedOut' ? 'blue' : 'gray'}
              variant="light"
              p="xs"
              data-testid="ticket-blocked"
            >
              <Stack gap={6} align="flex-start">
                <Text size="sm" id={ticket.reasonId}>
                  {ticket.blockedText}
                </Text>
                {ticket.blocked === 'signedOut' && (
                  <Group gap="sm">
                    <Button component={Link} to="/pass/login" size="xs">
                      {t('nav.login')}
                    </Button>
                    <Anchor component={Link} to="/pass/register" size="sm">
                      {t('nav.signup')}
                    </Anchor>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <Button
            type="submit"
            fullWidth
            color={sideColour}
            disabled={!ticket.canReview}
            aria-describedby={reviewReasonId}
            data-testid="ticket-submit"
          >
            {side === 'long' ? t('trading.ticket.reviewBuy') : t('trading.ticket.reviewSell')}
          </Button>
          {ticket.fixText && (
            <Text size="xs" c="red" id={ticket.fixId} data-testid="ticket-fix">
              {ticket.fixText}
            </Text>
          )}
        </Stack>
      </form>
      {ticket.appropriatenessDialog}
      <ConfirmOrderModal
        opened={ticket.confirming}
        title={t('trading.confirm.title', { side: sideLabel, name: info.appName })}
        rows={confirmRows}
        note={ticket.isPendingOrder ? t('trading.confirm.pendingNote') : t('trading.confirm.marketNote')}
        blockedReason={ticket.blockedText ?? (ticket.canReview ? null : ticket.fixText)}
        confirmLabel={t('trading.confirm.submit', { side: sideLabel })}
        isSending={ticket.isSending}
        onConfirm={() => void ticket.send()}
        onClose={() => ticket.setConfirming(false)}
      />
    </Card>
  );
}

/** An amount at its asset's display precision, the exact value in its tooltip when rounded. */
function Rounded({ value, asset, locale }: { value: string; asset: string; locale: string }) {
  return (
    <span title={isRounded(value, asset) ? exactAmount(value, asset, locale) : undefined}>
      {formatAssetAmount(value, asset, locale)}
    </span>
  );
}
