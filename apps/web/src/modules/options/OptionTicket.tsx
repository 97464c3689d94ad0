import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TOptionExpiryChain, TOptionSeriesQuote, TOptionsChain } from '@openbourse/contracts';
import { CATALOGUE } from '@openbourse/contracts/constants';
import { type FormEvent, useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { useSession } from '../identity/session';
import { useAppropriatenessGate } from '../onboarding/appropriateness-gate';
import { useBuyOptions, useRereadChain } from './options.api';
import { type OptionsFormat, useOptionsFormat } from './options-format';
import { buyFigures, type OptionTerms, type QuantityProblem, readQuantity } from './options-math';
import { PayoffDiagram } from './PayoffDiagram';
import { Facts, QuoteChangedAlert, RiskWarning } from './parts';
import { initialQuoteState, quoteReducer, requoteOf } from './quote-state';

/** A key per ticket opening: the same request sent again (a retry after a lost answer) buys once. */
function newPurchaseKey(): string {
  return `opt-${crypto.randomUUID()}`;
}

const askReducer = quoteReducer('ask');

/** The series a quote belongs to, found in the chain as it is now (null when it is no longer listed). */
export function findSeries(chain: TOptionsChain, seriesId: string): TOptionSeriesQuote | null {
  for (const expiry of chain.expiries) {
    const found = expiry.series.find((series) => series.seriesId === seriesId);
    if (found) return found;
  }
  return null;
}

/**
 * Buying contracts of one series (issue 19): its terms, the quantity, and before anything is
 * sent what it costs and risks — the ask per contract, the premium, the fee (an estimate: the
 * server charges it), the maximum loss (premium + fee), the break-even and the maximum payout
 * at expiry, a payoff diagram and the risk warning. "Buy" sends the quote shown; when the price
 * moved or the quote expired the server answers with a new quote, which replaces this one and
 * is confirmed again by the user (never sent again by itself). A refusal is said here, in the
 * reader's language, and the ticket stays open.
 */
export function OptionTicket({
  chain,
  choice,
  onClose,
}: {
  /** The chain as it is now (read again every few seconds): its fresh quote replaces an expired one. */
  chain: TOptionsChain;
  choice: { quote: TOptionSeriesQuote; expiry: TOptionExpiryChain };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useOptionsFormat();
  const formId = useId();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const { token, mode } = useSession();
  const location = useLocation();
  const buy = useBuyOptions();
  // Options are complex products: the first live purchase asks the appropriateness questions first (10193).
  const appropriateness = useAppropriatenessGate(mode);
  const rereadChain = useRereadChain(chain.code);
  const [state, dispatch] = useReducer(askReducer, choice.quote, initialQuoteState);
  const [quantityText, setQuantityText] = useState('1');
  const [problem, setProblem] = useState<QuantityProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [purchaseKey] = useState(newPurchaseKey);
  const quote = state.quote;
  const fresh = findSeries(chain, quote.seriesId);

  // The chain is read again every few seconds: an expired quote gives way to the fresh one.
  useEffect(() => {
    dispatch({ type: 'refreshed', quote: fresh, now: Date.now() });
  }, [fresh]);

  const asset = chain.asset ?? '';
  const decimals = chain.decimals ?? 2;
  const contractSize = chain.contractSize ?? '1';
  const terms: OptionTerms = { type: quote.type, strike: quote.strike, cap: quote.cap, contractSize };
  const read = readQuantity(quantityText, quote.remainingContracts);
  const quantity = read.quantity ?? 1;
  const figures =
    quote.ask === null
      ? null
      : buyFigures({
          terms,
          ask: quote.ask,
          quantity,
          feeRate: chain.feeRate ?? '0',
          decimals,
          maxPayoutPerContract: quote.maxPayout,
        });
  const canBuy = chain.quoted && quote.ask !== null && quote.quoteId !== null && quote.remainingContracts > 0;
  const typeName = t(`options.common.types.${quote.type}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (read.problem) {
      setProblem(read.problem);
      requestAnimationFrame(() => document.getElementById(`${formId}-quantity`)?.focus());
      return;
    }
    if (!canBuy || quote.quoteId === null || read.quantity === null) return;
    const send = sendOrder(quote.seriesId, read.quantity, quote.quoteId);
    if (appropriateness.intercept(send)) return;
    send();
  };

  const sendOrder = (seriesId: string, count: number, quoteId: string) => () => {
    dispatch({ type: 'sent' });
    buy.mutate(
      { seriesId, quantity: count, quoteId, idempotencyKey: purchaseKey },
      {
        onSuccess: (order) => {
          notifications.show({
            color: 'teal',
            title: t('options.ticket.boughtTitle'),
            message: t('options.ticket.bought', {
              quantity: order.quantity,
              type: t(`options.common.typeWords.${order.type}`),
              strike: format.price(order.strike),
              premium: format.money(order.premium, order.asset),
              fee: format.money(order.fee, order.asset),
            }),
            autoClose: 6000,
          });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === CATALOGUE.APPROPRIATENESS_REQUIRED.code) {
            appropriateness.ask(sendOrder(seriesId, count, quoteId));
            return;
          }
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

  const close = () => {
    if (!buy.isPending) onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={t('options.ticket.title', {
        type: t(`options.common.typeWords.${quote.type}`),
        code: chain.code,
        strike: format.price(quote.strike),
      })}
      centered
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('options.common.close') }}
      data-testid="options-ticket"
    >
      <form onSubmit={submit} noValidate data-testid="options-ticket-form">
        <Stack gap="sm">
          {mode === 'demo' && token && (
            <Badge color="yellow" variant="light" w="fit-content" data-testid="options-ticket-demo">
              {t('options.common.demoBook')}
            </Badge>
          )}
          <Facts
            label={t('options.ticket.termsLabel')}
            facts={[
              { key: 'type', label: t('options.ticket.type'), value: typeName },
              { key: 'strike', label: t('options.ticket.strike'), value: format.price(quote.strike) },
              {
                key: 'expiry',
                label: t('options.ticket.expiry'),
                value: (
                  <>
                    {format.dateTime(choice.expiry.expiresAt)}
                    <Text size="xs" c="dimmed" fw={400}>
                      {t('options.ticket.salesClose', { close: format.dateTime(choice.expiry.salesCloseAt) })}
                    </Text>
                  </>
                ),
              },
              {
                key: 'size',
                label: t('options.ticket.contractSize'),
                value: t('options.ticket.contractSizeValue', { size: format.price(contractSize), code: chain.code }),
              },
              quote.cap !== null && {
                key: 'cap',
                label: t('options.ticket.cap'),
                value: t('options.ticket.capValue', { cap: format.money(quote.cap, asset) }),
                testId: 'options-ticket-cap',
              },
              {
                key: 'ask',
                label: t('options.ticket.ask'),
                value: format.money(quote.ask, asset),
                testId: 'options-ticket-ask',
              },
            ]}
          />
          <TextInput
            id={`${formId}-quantity`}
            label={t('options.ticket.quantity')}
            description={t('options.ticket.quantityHint', { remaining: format.count(quote.remainingContracts) })}
            value={quantityText}
            onChange={(event) => {
              setQuantityText(event.currentTarget.value);
              setProblem(null);
            }}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            error={problem ? quantityProblemText(problem, format, t) : null}
            data-autofocus
            data-testid="options-ticket-quantity"
          />
          {figures && (
            <Facts
              label={t('options.ticket.costLabel')}
              facts={[
                {
                  key: 'premium',
                  label: t('options.ticket.premium', { quantity: format.count(quantity) }),
                  value: format.money(figures.premium, asset),
                  testId: 'options-ticket-premium',
                },
                {
                  key: 'fee',
                  label: t('options.ticket.fee', { rate: format.rate(chain.feeRate) }),
                  value: format.money(figures.fee, asset),
                  testId: 'options-ticket-fee',
                },
                {
                  key: 'maxLoss',
                  label: <strong>{t('options.ticket.maxLoss')}</strong>,
                  value: <strong>{format.money(figures.maxLoss, asset)}</strong>,
                  testId: 'options-ticket-max-loss',
                },
                {
                  key: 'breakEven',
                  label: t('options.ticket.breakEven'),
                  value: figures.breakEven === null ? t('options.ticket.none') : format.price(figures.breakEven),
                  testId: 'options-ticket-break-even',
                },
                {
                  key: 'maxPayout',
                  label: t('options.ticket.maxPayout'),
                  value: format.money(figures.maxPayout, asset),
                  testId: 'options-ticket-max-payout',
                },
              ]}
            />
          )}
          {figures && (
            <PayoffDiagram
              terms={terms}
              quantity={quantity}
              figures={figures}
              spot={chain.underlying?.price ?? null}
              asset={asset}
              format={format}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('options.ticket.estimate')}
          </Text>
          <RiskWarning />
          {state.notice && (
            <QuoteChangedAlert
              notice={state.notice}
              side="ask"
              asset={asset}
              format={format}
              testId="options-ticket-requote"
            />
          )}
          {!chain.quoted && (
            <Alert color="yellow" role="status" data-testid="options-ticket-unquoted">
              {t(`options.chain.noQuotes.${chain.unquotedReason ?? 'stale'}`)}
            </Alert>
          )}
          {chain.quoted && quote.remainingContracts === 0 && (
            <Alert color="yellow" role="status">
              {t('options.ticket.soldOut')}
            </Alert>
          )}
          {refusal && (
            <Alert color="red" role="alert" data-testid="options-ticket-error">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={buy.isPending}>
              {t('options.common.cancel')}
            </Button>
            {token ? (
              <Button type="submit" loading={buy.isPending} disabled={!canBuy} data-testid="options-ticket-buy">
                {t('options.ticket.buy')}
              </Button>
            ) : (
              <Button component={Link} to="/pass/login" state={{ from: `${location.pathname}${location.search}` }}>
                {t('options.ticket.signIn')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {appropriateness.element}
    </Modal>
  );
}

function quantityProblemText(
  problem: QuantityProblem,
  format: OptionsFormat,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  switch (problem.problem) {
    case 'aboveMaximum':
      return t('options.ticket.problems.aboveMaximum', { maximum: format.count(problem.maximum) });
    case 'aboveRemaining':
      return t('options.ticket.problems.aboveRemaining', { remaining: format.count(problem.remaining) });
    default:
      return t(`options.ticket.problems.${problem.problem}`);
  }
}
