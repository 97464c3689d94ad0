import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatQuantity } from '../market/format';
import { useLocale } from '../market/use-locale';
import { rememberPositions } from './position-events';
import { lotsProblemText, priceProblemText } from './problem-text';
import { FigureList, INPUT_STYLES, ModalForm, PnlText, TradingModal } from './TradingParts';
import {
  closeLotsProblem,
  isUsdQuoted,
  parseInput,
  pnlUsdt,
  stopProblems,
  toWire,
  trailingProblem,
} from './ticket-math';
import { type AmendRequest, useAmendPosition, useCancelOrder, useClosePosition } from './trading.api';
import { showPositionToast, TOAST_MS } from './use-position-events';

type ModalProps = {
  position: TPosition;
  /** The instrument's market info; null while it loads. */
  info: TMarketInfo | null;
  /** The latest price (socket, else the server's), for estimates and stop checks. */
  currentPrice: string | null;
  onClose: () => void;
};

function usePriceText(info: TMarketInfo | null) {
  const locale = useLocale();
  return (value: string | null) =>
    info ? formatPrice(value, info.precision, locale) : value === null ? '—' : formatQuantity(value, locale, 12);
}

/** Closes all of a position or part of it, at the market price, after the user confirms. */
export function ClosePositionModal({ position, info, currentPrice, onClose }: ModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const close = useClosePosition();
  const priceText = usePriceText(info);
  const [lots, setLots] = useState(position.lots);
  const problem = closeLotsProblem(lots, position.lots, info?.lotStep ?? null);
  const value = problem === null ? parseInput(lots) : null;
  const isFull = value?.eq(Decimal.parse(position.lots));
  const estimate =
    value && info && isUsdQuoted(info.quoteCurrency) && position.openPrice && currentPrice
      ? pnlUsdt(position.side, value.toString(), position.openPrice, currentPrice, info.contractSize)
      : null;

  const submit = async () => {
    if (!value) return;
    await applyPositionChange(
      close.mutateAsync({ orderNo: position.orderNo, ...(isFull ? {} : { lots: toWire(value) }) }),
      (result) => {
        if (result.status === 'closed') {
          showPositionToast('closed', result, queryClient);
        } else {
          notifications.show({
            color: 'gray',
            message: t('trading.close.partialDone', {
              lots: formatQuantity(value.toString(), locale),
              code: position.code,
              left: formatQuantity(result.lots, locale),
            }),
            autoClose: TOAST_MS,
          });
        }
      },
      onClose,
    );
  };

  return (
    <TradingModal title={t('trading.close.title', { code: position.code })} busy={close.isPending} onClose={onClose}>
      <ModalForm onSubmit={submit}>
        <Stack gap="md" data-testid="close-position-modal">
          <FigureList
            items={[
              { term: t('trading.confirm.side'), value: t(`trading.side.${position.side}`) },
              {
                term: t('trading.positions.openPrice'),
                value: <span className="ob-amount">{priceText(position.openPrice)}</span>,
              },
              {
                term: t('trading.positions.current'),
                value: <span className="ob-amount">{priceText(currentPrice)}</span>,
              },
              {
                term: t('trading.positions.lots'),
                value: <span className="ob-amount">{formatQuantity(position.lots, locale)}</span>,
              },
            ]}
          />
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              styles={INPUT_STYLES}
              label={t('trading.close.lots')}
              description={t('trading.close.lotsHint')}
              inputMode="decimal"
              autoComplete="off"
              value={lots}
              onChange={(event) => setLots(event.currentTarget.value)}
              error={
                problem
                  ? lotsProblemText(
                      problem,
                      { minLots: info?.minLots ?? position.lots, maxLots: position.lots, lotStep: null },
                      locale,
                      t,
                    )
                  : null
              }
              style={{ flex: 1 }}
              data-autofocus
              data-testid="close-lots"
            />
            <Button variant="default" onClick={() => setLots(position.lots)} data-testid="close-all">
              {t('trading.close.all')}
            </Button>
          </Group>
          <Text size="sm">
            {t('trading.close.estimate')}{' '}
            {estimate ? <PnlText value={estimate} locale={locale} /> : t('trading.close.estimateServer')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('trading.close.note')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={close.isPending}>
              {t('trading.confirm.cancel')}
            </Button>
            <Button
              type="submit"
              color="red.9"
              loading={close.isPending}
              disabled={!value}
              data-testid="close-position-confirm"
            >
              {isFull ? t('trading.close.confirmAll') : t('trading.close.confirmPart')}
            </Button>
          </Group>
        </Stack>
      </ModalForm>
    </TradingModal>
  );
}

/** Changes the stop loss, take profit and trailing distance; an emptied field removes it. */
export function AmendPositionModal({ position, info, currentPrice, onClose }: ModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amend = useAmendPosition();
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [trailing, setTrailing] = useState(position.trailingDistance ?? '');
  const priceText = usePriceText(info);
  const tick = info?.tickSize ?? null;
  // The server checks the stops against the entry of a pending order, the price of an open one.
  const referenceText = position.status === 'pending' ? position.entryPrice : currentPrice;
  const reference = referenceText ? parseInput(referenceText) : null;
  const problems = tick ? stopProblems(position.side, reference, stopLoss, takeProfit, tick) : null;
  const trailingIssue = tick ? trailingProblem(trailing, tick) : null;
  const message = (issue: Parameters<typeof priceProblemText>[0] | null | undefined) =>
    issue && tick ? priceProblemText(issue, tick, locale, t) : null;

  /** What to send for a field: undefined keeps it, null removes it, a decimal sets it. */
  const change = (text: string, before: string | null): string | null | undefined => {
    const typed = text.trim();
    if (typed === '') return before === null ? undefined : null;
    const value = parseInput(typed);
    if (!value) return typed;
    const previous = before === null ? null : parseInput(before);
    return previous?.eq(value) ? undefined : toWire(value);
  };
  const request: AmendRequest = { orderNo: position.orderNo };
  const sl = change(stopLoss, position.stopLoss);
  const tp = change(takeProfit, position.takeProfit);
  const trail = change(trailing, position.trailingDistance);
  if (sl !== undefined) request.stopLoss = sl;
  if (tp !== undefined) request.takeProfit = tp;
  if (trail !== undefined) request.trailingDistance = trail;
  const hasChange = sl !== undefined || tp !== undefined || trail !== undefined;
  const isValid = tick !== null && !problems?.stopLoss && !problems?.takeProfit && !trailingIssue;

  const submit = async () => {
    if (!hasChange || !isValid) return;
    await applyPositionChange(
      amend.mutateAsync(request),
      () =>
        notifications.show({
          color: 'blue',
          message: t('trading.amend.done', { code: position.code }),
          autoClose: TOAST_MS,
        }),
      onClose,
    );
  };

  return (
    <TradingModal title={t('trading.amend.title', { code: position.code })} busy={amend.isPending} onClose={onClose}>
      <ModalForm onSubmit={submit}>
        <Stack gap="sm" data-testid="amend-modal">
          <Text size="sm" c="dimmed">
            {position.status === 'pending'
              ? t('trading.amend.referenceEntry', { price: priceText(position.entryPrice) })
              : t('trading.amend.referenceCurrent', { price: priceText(currentPrice) })}
          </Text>
          <TextInput
            styles={INPUT_STYLES}
            label={t('trading.ticket.stopLoss')}
            description={t(`trading.ticket.stopLossHint.${position.side}`)}
            inputMode="decimal"
            autoComplete="off"
            value={stopLoss}
            onChange={(event) => setStopLoss(event.currentTarget.value)}
            error={message(problems?.stopLoss)}
            data-autofocus
            data-testid="amend-stop-loss"
          />
          <TextInput
            styles={INPUT_STYLES}
            label={t('trading.ticket.takeProfit')}
            description={t(`trading.ticket.takeProfitHint.${position.side}`)}
            inputMode="decimal"
            autoComplete="off"
            value={takeProfit}
            onChange={(event) => setTakeProfit(event.currentTarget.value)}
            error={message(problems?.takeProfit)}
            data-testid="amend-take-profit"
          />
          <TextInput
            styles={INPUT_STYLES}
            label={t('trading.ticket.trailing')}
            description={t('trading.ticket.trailingHint', {
              tick: tick ? formatQuantity(tick, locale, 12) : '—',
              quote: info?.quoteCurrency ?? '',
            })}
            inputMode="decimal"
            autoComplete="off"
            value={trailing}
            onChange={(event) => setTrailing(event.currentTarget.value)}
            error={message(trailingIssue)}
            data-testid="amend-trailing"
          />
          <Text size="xs" c="dimmed">
            {t('trading.amend.note')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={amend.isPending}>
              {t('trading.confirm.cancel')}
            </Button>
            <Button
              type="submit"
              loading={amend.isPending}
              disabled={!hasChange || !isValid}
              data-testid="amend-submit"
            >
              {t('trading.amend.submit')}
            </Button>
          </Group>
        </Stack>
      </ModalForm>
    </TradingModal>
  );
}

/** Cancels a pending order (its margin hold is released) after the user confirms. */
export function CancelOrderModal({ position, info, onClose }: Omit<ModalProps, 'currentPrice'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const cancel = useCancelOrder();
  const priceText = usePriceText(info);
  const submit = () =>
    applyPositionChange(
      cancel.mutateAsync(position.orderNo),
      (result) => showPositionToast('cancelled', result, queryClient),
      onClose,
    );
  return (
    <TradingModal title={t('trading.cancel.title', { code: position.code })} busy={cancel.isPending} onClose={onClose}>
      <Stack gap="md" data-testid="cancel-order-modal">
        <Text size="sm">
          {t('trading.cancel.text', {
            side: t(`trading.side.${position.side}`),
            type: t(`trading.orderType.${position.orderType}`),
            lots: formatQuantity(position.lots, locale),
            code: position.code,
            price: priceText(position.entryPrice),
          })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending} data-autofocus>
            {t('trading.cancel.keep')}
          </Button>
          <Button
            color="red.9"
            loading={cancel.isPending}
            onClick={() => void submit()}
            data-testid="cancel-order-confirm"
          >
            {t('trading.cancel.submit')}
          </Button>
        </Group>
      </Stack>
    </TradingModal>
  );
}

/**
 * A dialog's request for a position: on success the new state is remembered (so the socket's
 * push of the same change is not toasted twice), `announce` tells the user and the dialog
 * closes; a failure is already toasted by the mutation, and the dialog stays open to retry.
 */
async function applyPositionChange(
  request: Promise<TPosition>,
  announce: (result: TPosition) => void,
  onClose: () => void,
): Promise<void> {
  try {
    const result = await request;
    rememberPositions([result]);
    announce(result);
    onClose();
  } catch {
    // Shown by the mutation toast.
  }
}
