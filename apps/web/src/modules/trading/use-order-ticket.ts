import { CATALOGUE, type TMarketInfo, type TOpenPositionRequest } from '@openbourse/contracts';
import type { Decimal } from '@openbourse/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { formatUsdtAmount } from '../../shared/format/money';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { useSession } from '../identity/session';
import { useLocale } from '../market/use-locale';
import { useAppropriatenessGate } from '../onboarding/appropriateness-gate';
import { rememberPositions } from './position-events';
import { leverageProblemText, priceProblemText, sizeProblemText } from './problem-text';
import {
  amountForInput,
  amountSize,
  computePreview,
  entryProblem,
  freeForOrder,
  fundsOf,
  leverageProblem,
  leverageWithinCap,
  lotsSize,
  type OrderType,
  type Preview,
  parseInput,
  riskAtStopLoss,
  type Side,
  sizeRefusal,
  stepLots,
  stopProblems,
  toWire,
  trailingProblem,
} from './ticket-math';
import { useAccountSummary, useOpenPosition } from './trading.api';
import { showPositionToast, usePositionEvents } from './use-position-events';
import { useRateToUsdt } from './use-rate-to-usdt';

export type TicketField = 'entry' | 'lots' | 'leverage' | 'stopLoss' | 'takeProfit' | 'trailing';
const FIELD_ORDER: TicketField[] = ['entry', 'lots', 'leverage', 'stopLoss', 'takeProfit', 'trailing'];

export type TicketBlocked = 'signedOut' | 'closed' | 'stale' | 'noPrice';

/** How the size of the order is typed: in lots, or as a position value in USDT converted to lots. */
export type AmountMode = 'lots' | 'usdt';

/**
 * The order ticket's state: the fields as typed, their problems as the trading rules answer them
 * (with the catalogue's messages, SPEC §5) — every one the server would refuse, affordability
 * included, so Review stays disabled with the reason beside the field —, the live preview, what
 * blocks an order, and the review and send steps. A refusal from the server belongs to the
 * ticket: it is shown inside it (not as a page-wide toast) until any input changes.
 * OrderTicket.tsx only lays it out.
 */
export function useOrderTicket(info: TMarketInfo, options: { initialSide?: Side; onPlaced?: () => void } = {}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { token, mode } = useSession();
  const queryClient = useQueryClient();
  usePositionEvents();
  const summary = useAccountSummary();
  const rate = useRateToUsdt(info);
  const open = useOpenPosition();
  // Before the first live trade: the appropriateness questions (issue 16, fix 7).
  const appropriateness = useAppropriatenessGate(mode);
  const idBase = useId();
  const fieldId = (field: TicketField) => `${idBase}-${field}`;

  const [side, setSideState] = useState<Side>(options.initialSide ?? 'long');
  const [orderType, setOrderTypeState] = useState<OrderType>('market');
  const [entry, setEntryState] = useState('');
  const [amountMode, setAmountModeState] = useState<AmountMode>('lots');
  const [lots, setLotsState] = useState(info.minLots);
  const [amount, setAmountState] = useState('');
  const [leverage, setLeverageState] = useState<number | ''>(1);
  const [leverageClamped, setLeverageClamped] = useState(false);
  const [stopLoss, setStopLossState] = useState('');
  const [takeProfit, setTakeProfitState] = useState('');
  const [trailing, setTrailingState] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<TicketField>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  /** The server's refusal of the last order sent from this ticket; any change of input clears it. */
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Every input goes through here: a new input makes the last refusal history. */
  const changed =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      setRefusal(null);
      set(value);
    };

  const current = info.price === null ? null : parseInput(info.price);
  const isPendingOrder = orderType !== 'market';

  // Validation as the user types (SPEC §5), with the catalogue's messages.
  const entryIssue = isPendingOrder ? entryProblem(side, orderType, entry, current, info.tickSize) : null;
  const entryPrice = isPendingOrder && entryIssue === null ? parseInput(entry) : null;
  const reference = isPendingOrder ? entryPrice : current;
  // In amount mode the lots are the USDT amount's (read in the reader's locale), rounded down to
  // the lot step (shown), and checked as lots typed would be.
  const size = amountMode === 'usdt' ? amountSize(amount, locale, reference, info, rate) : lotsSize(lots, info);
  const amountLots = amountMode === 'usdt' ? size.lots : null;
  const lotsValue = size.problem === null ? size.lots : null;
  const leverageIssue = leverage === '' ? 'LEVERAGE_INVALID' : leverageProblem(leverage, info.leverageCap);
  const stops = stopProblems(side, reference, stopLoss, takeProfit, info.tickSize);
  const trailingIssue = trailingProblem(trailing, info.tickSize);

  const account = summary.data
    ? { equity: summary.data.equity, usedMargin: summary.data.usedMargin, stopOutLevel: summary.data.stopOutLevel }
    : null;
  // The rate the server charges, from its fee schedule (getMarketInfo).
  const feeRate = info.feeRate;
  const preview: Preview | null =
    lotsValue && reference && leverage !== '' && leverageIssue === null
      ? computePreview({
          instrument: info,
          side,
          lots: lotsValue,
          leverage,
          price: reference,
          rateToUsdt: rate,
          feeRate,
          account,
        })
      : null;
  // What the server checks as it reserves the margin: margin + fee against the free margin.
  const funds = fundsOf(summary.data);
  // The size's refusal as the server's order of checks gives it: the lots first, then the money.
  const sizeIssue = sizeRefusal(size, funds, preview, isPendingOrder);
  const stopLossValue = stops.stopLoss === null && stopLoss.trim() !== '' ? parseInput(stopLoss) : null;
  const risk =
    preview && lotsValue && reference
      ? riskAtStopLoss(side, lotsValue, reference, stopLossValue, info, rate, preview.fee)
      : null;

  const issues: Record<TicketField, boolean> = {
    entry: isPendingOrder && entryIssue !== null,
    lots: sizeIssue !== null,
    leverage: leverageIssue !== null,
    stopLoss: stops.stopLoss !== null,
    takeProfit: stops.takeProfit !== null,
    trailing: trailingIssue !== null,
  };
  const priceError = (issue: ReturnType<typeof trailingProblem>) =>
    issue ? priceProblemText(issue, info.tickSize, locale, t) : null;
  const affordText = (() => {
    if (sizeIssue?.kind !== 'afford' || !preview?.margin || !funds) return null;
    const needed = isPendingOrder || !preview.fee ? preview.margin : preview.margin.add(preview.fee);
    return `${catalogueMessage(CATALOGUE.INSUFFICIENT_ACCOUNT_BALANCE.code)} ${t('trading.ticket.needsFunds', {
      needed: formatUsdtAmount(needed, locale),
      free: formatUsdtAmount(freeForOrder(funds), locale),
    })}`;
  })();
  const lotsError =
    sizeIssue && sizeIssue.kind !== 'afford'
      ? sizeProblemText(sizeIssue, info, amountMode === 'usdt', locale, t)
      : null;
  const errors: Record<TicketField, string | null> = {
    // An empty entry asks for a price only once the field was left; the Review reason says it meanwhile.
    entry: issues.entry && (touched.has('entry') || entry.trim() !== '') ? priceError(entryIssue) : null,
    lots: lotsError ?? affordText,
    leverage: leverageIssue ? leverageProblemText(info.leverageCap, t) : null,
    stopLoss: priceError(stops.stopLoss),
    takeProfit: priceError(stops.takeProfit),
    trailing: priceError(trailingIssue),
  };

  const blocked: TicketBlocked | null = !token
    ? 'signedOut'
    : !info.tradable
      ? 'closed'
      : info.stale
        ? 'stale'
        : current === null
          ? 'noPrice'
          : null;
  const blockedText =
    blocked === null
      ? null
      : blocked === 'closed'
        ? catalogueMessage(CATALOGUE.NOT_TRADABLE_NOW.code)
        : t(`trading.ticket.blocked.${blocked}`);
  const reasonId = `${idBase}-blocked`;
  const fixId = `${idBase}-fix`;
  const invalidFields = FIELD_ORDER.filter((field) => issues[field]);
  // No USDT figure means the server has no conversion either (NOT_TRADABLE_NOW); nor can an
  // amount in USDT be turned into lots then.
  const noConversion =
    (preview !== null && preview.notionalUsdt === null) || (amountMode === 'usdt' && reference !== null && !rate);
  const fieldLabel = (field: TicketField) =>
    field === 'entry'
      ? orderType === 'limit'
        ? t('trading.ticket.limitPrice')
        : t('trading.ticket.stopPrice')
      : field === 'lots' && amountMode === 'usdt'
        ? t('trading.ticket.amount')
        : t(`trading.ticket.${field}`);
  const fixText =
    blocked !== null
      ? null
      : invalidFields.length > 0
        ? t('trading.ticket.fixFields', { fields: invalidFields.map(fieldLabel).join(', ') })
        : noConversion
          ? t('trading.preview.noConversion', { quote: info.quoteCurrency })
          : null;
  const canReview = blocked === null && fixText === null && preview !== null;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const first = FIELD_ORDER.find((field) => issues[field]);
    if (first) {
      setTouched(new Set(FIELD_ORDER));
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    if (!canReview) return;
    setRefusal(null);
    if (appropriateness.intercept(() => setConfirming(true))) return;
    setConfirming(true);
  };

  const decimalOrNone = (text: string): Decimal | null => (text.trim() === '' ? null : parseInput(text));
  const send = async () => {
    if (!lotsValue || leverage === '') return;
    const sl = decimalOrNone(stopLoss);
    const tp = decimalOrNone(takeProfit);
    const trail = decimalOrNone(trailing);
    const request: TOpenPositionRequest = {
      code: info.code,
      side,
      lots: toWire(lotsValue),
      leverage,
      orderType,
      ...(isPendingOrder && entryPrice ? { price: toWire(entryPrice) } : {}),
      ...(sl ? { stopLoss: toWire(sl) } : {}),
      ...(tp ? { takeProfit: toWire(tp) } : {}),
      ...(trail ? { trailingDistance: toWire(trail) } : {}),
    };
    try {
      const position = await open.mutateAsync(request);
      rememberPositions([position]);
      showPositionToast(position.status === 'pending' ? 'placed' : 'opened', position, queryClient);
      setRefusal(null);
      setConfirming(false);
      setEntryState('');
      setStopLossState('');
      setTakeProfitState('');
      setTrailingState('');
      setTouched(new Set());
      options.onPlaced?.();
    } catch (error) {
      // Refused for unanswered appropriateness questions (10193): ask them, then confirm again.
      if (error instanceof ApiError && error.code === 10193) {
        setConfirming(false);
        appropriateness.ask(() => setConfirming(true));
        return;
      }
      // The refusal is this ticket's: shown inside it (the mutation asks the app not to toast it),
      // and the dialog closes so the user sees it beside the inputs they will change.
      setRefusal(errorMessage(error));
      setConfirming(false);
    }
  };

  const setLots = changed(setLotsState);
  const onLotsKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setLots(stepLots(lots, event.key === 'ArrowUp' ? 1 : -1, info));
  };

  /** Leverage above the cap is the cap, with a message saying so; never silently 1. */
  const setLeverage = changed((value: number | '') => {
    if (value === '') {
      setLeverageClamped(false);
      setLeverageState('');
      return;
    }
    const within = leverageWithinCap(value, info.leverageCap);
    setLeverageClamped(within.clamped);
    setLeverageState(within.leverage);
  });

  /** Switching how the size is typed carries the size over: lots → its USDT value, USDT → its lots. */
  const setAmountMode = changed((next: AmountMode) => {
    if (next === amountMode) return;
    if (next === 'usdt') {
      setAmountState(preview?.notionalUsdt ? amountForInput(preview.notionalUsdt.round(2, 'floor'), locale) : '');
    } else if (lotsValue) {
      setLotsState(lotsValue.toString());
    }
    setAmountModeState(next);
  });

  const touch = (field: TicketField) => setTouched((set) => new Set(set).add(field));

  return {
    token,
    mode,
    idBase,
    fieldId,
    fields: {
      side,
      setSide: changed(setSideState),
      orderType,
      setOrderType: changed(setOrderTypeState),
      entry,
      setEntry: changed(setEntryState),
      amountMode,
      setAmountMode,
      lots,
      setLots,
      amount,
      setAmount: changed(setAmountState),
      leverage,
      setLeverage,
      stopLoss,
      setStopLoss: changed(setStopLossState),
      takeProfit,
      setTakeProfit: changed(setTakeProfitState),
      trailing,
      setTrailing: changed(setTrailingState),
    },
    touch,
    onLotsKey,
    errors,
    leverageClamped: leverageClamped && leverage === info.leverageCap,
    isPendingOrder,
    current,
    reference,
    lotsValue,
    amountLots,
    account,
    feeRate,
    preview,
    risk,
    available: summary.data?.balance ?? null,
    blocked,
    blockedText,
    reasonId,
    fixText,
    fixId,
    canReview,
    refusal,
    dismissRefusal: () => setRefusal(null),
    review,
    send,
    isSending: open.isPending,
    confirming,
    setConfirming,
    appropriatenessDialog: appropriateness.element,
  };
}

/** A typed price as the API will receive it (for showing it back), or the text itself. */
export function toWireOrRaw(text: string): string {
  const value = parseInput(text);
  return value ? toWire(value) : text;
}
