import { CATALOGUE, type TMarketInfo, type TOpenPositionRequest } from '@openbourse/contracts';
import type { Decimal } from '@openbourse/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { useSession } from '../identity/session';
import { useLocale } from '../market/use-locale';
import { useAppropriatenessGate } from '../onboarding/appropriateness-gate';
import { rememberPositions } from './position-events';
import { leverageProblemText, lotsProblemText, priceProblemText } from './problem-text';
import {
  computePreview,
  entryProblem,
  leverageProblem,
  lotsProblem,
  type OrderType,
  type Preview,
  parseInput,
  type Side,
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

/**
 * The order ticket's state: the fields as typed, their problems as the trading rules answer them
 * (with the catalogue's messages, SPEC §5), the live preview, what blocks an order, and the
 * review and send steps. OrderTicket.tsx only lays it out.
 */
export function useOrderTicket(info: TMarketInfo) {
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

  const [side, setSide] = useState<Side>('long');
  const [orderType, setOrderType] = useState<OrderType>('market');
  const [entry, setEntry] = useState('');
  const [lots, setLots] = useState(info.minLots);
  const [leverage, setLeverage] = useState<number | ''>(1);
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [trailing, setTrailing] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<TicketField>>(() => new Set());
  const [confirming, setConfirming] = useState(false);

  const current = info.price === null ? null : parseInput(info.price);
  const isPendingOrder = orderType !== 'market';

  // Validation as the user types (SPEC §5), with the catalogue's messages.
  const entryIssue = isPendingOrder ? entryProblem(side, orderType, entry, current, info.tickSize) : null;
  const entryPrice = isPendingOrder && entryIssue === null ? parseInput(entry) : null;
  const reference = isPendingOrder ? entryPrice : current;
  const lotsIssue = lotsProblem(lots, info);
  const lotsValue = lotsIssue === null ? parseInput(lots) : null;
  const leverageIssue = leverage === '' ? 'LEVERAGE_INVALID' : leverageProblem(leverage, info.leverageCap);
  const stops = stopProblems(side, reference, stopLoss, takeProfit, info.tickSize);
  const trailingIssue = trailingProblem(trailing, info.tickSize);
  const issues: Record<TicketField, boolean> = {
    entry: isPendingOrder && entryIssue !== null,
    lots: lotsIssue !== null,
    leverage: leverageIssue !== null,
    stopLoss: stops.stopLoss !== null,
    takeProfit: stops.takeProfit !== null,
    trailing: trailingIssue !== null,
  };
  const shows = (field: TicketField, value: string) => touched.has(field) || value.trim() !== '';
  const priceError = (issue: ReturnType<typeof trailingProblem>) =>
    issue ? priceProblemText(issue, info.tickSize, locale, t) : null;
  const errors: Record<TicketField, string | null> = {
    entry: issues.entry && shows('entry', entry) ? priceError(entryIssue) : null,
    lots: lotsIssue && shows('lots', lots) ? lotsProblemText(lotsIssue, info, locale, t) : null,
    leverage: leverageIssue ? leverageProblemText(info.leverageCap, t) : null,
    stopLoss: priceError(stops.stopLoss),
    takeProfit: priceError(stops.takeProfit),
    trailing: priceError(trailingIssue),
  };

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
  const cost = preview?.margin && preview.fee ? preview.margin.add(preview.fee) : null;
  const balance = summary.data ? parseInput(summary.data.balance) : null;
  const tooLittle = cost !== null && balance !== null && cost.gt(balance);

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

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const first = FIELD_ORDER.find((field) => issues[field]);
    if (first) {
      setTouched(new Set(FIELD_ORDER));
      document.getElementById(fieldId(first))?.focus();
      return;
    }
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
      setConfirming(false);
      setEntry('');
      setStopLoss('');
      setTakeProfit('');
      setTrailing('');
      setTouched(new Set());
    } catch (error) {
      // The server's message is shown by the mutation toast; the dialog stays open to retry or cancel.
      // Refused for unanswered appropriateness questions (10193): ask them, then confirm again.
      if (error instanceof ApiError && error.code === 10193) {
        setConfirming(false);
        appropriateness.ask(() => setConfirming(true));
      }
    }
  };

  const onLotsKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    setLots(stepLots(lots, event.key === 'ArrowUp' ? 1 : -1, info));
  };

  const touch = (field: TicketField) => setTouched((set) => new Set(set).add(field));

  return {
    token,
    mode,
    idBase,
    fieldId,
    fields: {
      side,
      setSide,
      orderType,
      setOrderType,
      entry,
      setEntry,
      lots,
      setLots,
      leverage,
      setLeverage,
      stopLoss,
      setStopLoss,
      takeProfit,
      setTakeProfit,
      trailing,
      setTrailing,
    },
    touch,
    onLotsKey,
    errors,
    isPendingOrder,
    current,
    reference,
    lotsValue,
    account,
    feeRate,
    preview,
    available: summary.data?.balance ?? null,
    tooLittle,
    blocked,
    blockedText,
    reasonId,
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
