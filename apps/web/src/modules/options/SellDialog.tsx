import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TOptionSeriesQuote, TOptionsChain, TOptionsOrder } from '@openbourse/contracts';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { LoadFailed, Loading } from '../../shared/ui/QueryState';
import { findSeries } from './OptionTicket';
import { useCloseOptions, useOptionsChain, useRereadChain } from './options.api';
import { useOptionsFormat } from './options-format';
import { saleFigures } from './options-math';
import { Facts, Pnl, QuoteChangedAlert } from './parts';
import { initialQuoteState, quoteReducer, requoteOf } from './quote-state';

const bidReducer = quoteReducer('bid');

/**
 * Selling an open order back before the cut-off (issue 19), confirmed first: the current bid ×
 * quantity, the fee (an estimate), what comes back and the P&L. The quote comes from the
 * instrument's chain, read now and every few seconds; a moved price or an expired quote answers
 * with a new one, shown, to be confirmed again.
 */
export function SellDialog({ order, onClose }: { order: TOptionsOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useOptionsFormat();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const chain = useOptionsChain(order.code);
  const [pending, setPending] = useState(false);
  const typeName = t(`options.common.typeWords.${order.type}`);
  const quote = chain.data ? findSeries(chain.data, order.seriesId) : null;
  return (
    <Modal
      opened
      onClose={() => (pending ? undefined : onClose())}
      title={t('options.sell.title', { type: typeName, strike: format.price(order.strike), code: order.code })}
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('options.common.close') }}
      data-testid="options-sell"
    >
      {chain.isPending ? (
        <Loading />
      ) : chain.isError ? (
        <LoadFailed error={chain.error} onRetry={() => void chain.refetch()} />
      ) : !quote ? (
        <Stack gap="sm">
          <Alert color="yellow" role="status" data-testid="options-sell-closed">
            {t('options.sell.salesClosed')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('options.common.back')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <SaleConfirm
          order={order}
          chain={chain.data}
          initialQuote={quote}
          fresh={quote}
          onPending={setPending}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SaleConfirm({
  order,
  chain,
  initialQuote,
  fresh,
  onPending,
  onClose,
}: {
  order: TOptionsOrder;
  chain: TOptionsChain;
  initialQuote: TOptionSeriesQuote;
  /** The series as the chain shows it now. */
  fresh: TOptionSeriesQuote;
  onPending: (pending: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useOptionsFormat();
  const close = useCloseOptions();
  const rereadChain = useRereadChain(order.code);
  const [state, dispatch] = useReducer(bidReducer, initialQuote, initialQuoteState);
  const [refusal, setRefusal] = useState<string | null>(null);
  const quote = state.quote;
  const asset = order.asset;

  useEffect(() => {
    dispatch({ type: 'refreshed', quote: fresh, now: Date.now() });
  }, [fresh]);
  useEffect(() => onPending(close.isPending), [close.isPending, onPending]);

  const figures =
    quote.bid === null
      ? null
      : saleFigures({
          bid: quote.bid,
          quantity: order.quantity,
          feeRate: chain.feeRate ?? '0',
          decimals: chain.decimals ?? order.decimals,
          premium: order.premium,
          buyFee: order.fee,
        });
  const canSell = chain.quoted && quote.bid !== null && quote.quoteId !== null;

  const send = () => {
    if (!canSell || quote.quoteId === null) return;
    setRefusal(null);
    dispatch({ type: 'sent' });
    close.mutate(
      { orderId: order.id, quoteId: quote.quoteId },
      {
        onSuccess: (after) => {
          notifications.show({
            color: 'teal',
            title: t('options.sell.doneTitle'),
            message: t('options.sell.done', {
              proceeds: format.money(after.proceeds, after.asset),
              fee: format.money(after.closeFee, after.asset),
            }),
            autoClose: 6000,
          });
          onClose();
        },
        onError: (error) => {
          rereadChain();
          const requote = error instanceof ApiError ? requoteOf(error.code, error.data) : null;
          if (requote) {
            dispatch({ type: 'requoted', quote: requote });
            return;
          }
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="options-sell-confirm">
      {!chain.quoted ? (
        <Alert color="yellow" role="status" data-testid="options-sell-unquoted">
          {t(`options.chain.noQuotes.${chain.unquotedReason ?? 'stale'}`)}
        </Alert>
      ) : (
        figures && (
          <Facts
            facts={[
              {
                key: 'bid',
                label: t('options.sell.bid'),
                value: t('options.sell.bidTimes', {
                  bid: format.money(quote.bid, asset),
                  quantity: format.count(order.quantity),
                }),
                testId: 'options-sell-bid',
              },
              {
                key: 'proceeds',
                label: t('options.sell.proceeds'),
                value: format.money(figures.proceeds, asset),
                testId: 'options-sell-proceeds',
              },
              {
                key: 'fee',
                label: t('options.sell.fee', { rate: format.rate(chain.feeRate) }),
                value: format.money(figures.fee, asset),
                testId: 'options-sell-fee',
              },
              {
                key: 'receive',
                label: <strong>{t('options.sell.receive')}</strong>,
                value: <strong>{format.money(figures.receive, asset)}</strong>,
                testId: 'options-sell-receive',
              },
              {
                key: 'pnl',
                label: t('options.sell.pnl'),
                value: <Pnl value={figures.pnl} asset={asset} format={format} />,
                testId: 'options-sell-pnl',
              },
            ]}
          />
        )
      )}
      <Text size="xs" c="dimmed">
        {t('options.sell.estimate')}
      </Text>
      {state.notice && (
        <QuoteChangedAlert
          notice={state.notice}
          side="bid"
          asset={asset}
          format={format}
          testId="options-sell-requote"
        />
      )}
      {refusal && (
        <Alert color="red" role="alert" data-testid="options-sell-error">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={close.isPending}>
          {t('options.common.back')}
        </Button>
        <Button onClick={send} loading={close.isPending} disabled={!canSell} data-testid="options-sell-submit">
          {t('options.sell.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
