import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { IconGripHorizontal } from '@tabler/icons-react';
import type { AutoscaleInfo, IPriceLine, ISeriesApi, SeriesType } from 'lightweight-charts';
import { LineStyle } from 'lightweight-charts';
import { type PointerEvent as ReactPointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { AmendPositionModal } from '../../trading/PositionModals';
import { rememberPositions } from '../../trading/position-events';
import { priceProblemText } from '../../trading/problem-text';
import { FigureList, PnlText } from '../../trading/TradingParts';
import { isUsdQuoted, parseSigned, pnlUsdt, stopProblems } from '../../trading/ticket-math';
import { LIVE_REFRESH_MS, useAmendPosition, useMarketInfos, useOrders } from '../../trading/trading.api';
import { TOAST_MS } from '../../trading/use-position-events';
import { formatPrice, formatQuantity } from '../format';
import { snapToTick } from './levels';

/** The stops a user can drag; the entry line only shows where the position was opened. */
type StopKind = 'stopLoss' | 'takeProfit';
type LevelKind = 'entry' | StopKind;
type Level = { key: string; position: TPosition; kind: LevelKind; price: string };
/** A stop moved on the chart, not yet sent. */
type Draft = { orderNo: string; kind: StopKind; price: string };

const LINE_COLOURS: Record<LevelKind, string> = { entry: '#495057', stopLoss: '#c92a2a', takeProfit: '#1971c2' };
const SHORT: Record<LevelKind, string> = { entry: 'entry', stopLoss: 'sl', takeProfit: 'tp' };
const HANDLE_HALF_HEIGHT = 12;
/** A press that moves less than this is a click (it opens the stops dialog). */
const DRAG_THRESHOLD_PX = 3;

type Props = {
  code: string;
  series: ISeriesApi<SeriesType>;
  /** The element the chart draws in; pointer heights are measured from its top. */
  container: HTMLElement;
  precision: number;
  locale: string;
  /** The latest price on the chart, the reference for the stop checks when the server's is missing. */
  lastClose: () => number | null;
  /** Where dialogs go while the chart is full screen (the page under it is hidden then). */
  portalTarget: HTMLElement | null;
  onLeaveFullscreen: () => void;
};

/**
 * The user's open positions on this instrument as price lines: entry, stop loss and take profit,
 * labelled. The stop loss and take profit carry a handle at the chart's left edge: dragging it
 * proposes a new level (whole ticks), a dialog shows the old and new level and what the position
 * would make or lose there, and only its confirmation sends the amend request; cancelling puts
 * the line back. The handle is a button: Enter (or a click) opens the stops dialog instead.
 */
export function PositionLines({
  code,
  series,
  container,
  precision,
  locale,
  lastClose,
  portalTarget,
  onLeaveFullscreen,
}: Props) {
  const { t } = useTranslation();
  const orders = useOrders('open', 1, 100, LIVE_REFRESH_MS, { code });
  const codes = useMemo(() => [code], [code]);
  const info = useMarketInfos(codes).get(code) ?? null;
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const setDraft = (next: Draft | null) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const [proposal, setProposal] = useState<Draft | null>(null);
  // A confirmed level stays drawn until the positions are read again.
  const [settled, setSettled] = useState<(Draft & { at: number }) | null>(null);
  const [amending, setAmending] = useState<TPosition | null>(null);

  const updatedAt = orders.dataUpdatedAt;
  useEffect(() => {
    if (settled && updatedAt > settled.at) setSettled(null);
  }, [settled, updatedAt]);

  const positions = useMemo(
    () => (orders.data?.items ?? []).filter((position) => position.code === code && position.status === 'open'),
    [orders.data, code],
  );
  const levels = useMemo(() => {
    const list: Level[] = [];
    const override = (position: TPosition, kind: StopKind) => {
      for (const moved of [draft, settled]) {
        if (moved && moved.orderNo === position.orderNo && moved.kind === kind) return moved.price;
      }
      return position[kind];
    };
    for (const position of positions) {
      const entry = position.openPrice ?? position.entryPrice;
      if (entry) list.push({ key: `${position.orderNo}:entry`, position, kind: 'entry', price: entry });
      for (const kind of ['stopLoss', 'takeProfit'] as const) {
        const price = override(position, kind);
        if (price) list.push({ key: `${position.orderNo}:${kind}`, position, kind, price });
      }
    }
    return list;
  }, [positions, draft, settled]);

  // The price scale reaches every level of the positions, so no line (nor its handle) is off the chart.
  const scaleLevels = positions
    .flatMap((position) => [position.openPrice, position.stopLoss, position.takeProfit])
    .filter((level): level is string => level !== null)
    .map(Number)
    .filter(Number.isFinite);
  const scaleLevelsRef = useRef(scaleLevels);
  scaleLevelsRef.current = scaleLevels;
  const scaleKey = scaleLevels.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: setting the provider again when the levels change rescales the chart
  useEffect(() => {
    series.applyOptions({
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        const levels = scaleLevelsRef.current;
        if (!info?.priceRange || levels.length === 0) return info;
        const { minValue, maxValue } = info.priceRange;
        return {
          ...info,
          priceRange: { minValue: Math.min(minValue, ...levels), maxValue: Math.max(maxValue, ...levels) },
        };
      },
    });
  }, [series, scaleKey]);
  useEffect(() => () => series.applyOptions({ autoscaleInfoProvider: undefined }), [series]);

  // The price lines: made once per series, moved as the levels change.
  const linesRef = useRef(new Map<string, IPriceLine>());
  useEffect(() => {
    const lines = linesRef.current;
    return () => {
      for (const line of lines.values()) series.removePriceLine(line);
      lines.clear();
    };
  }, [series]);
  useEffect(() => {
    const lines = linesRef.current;
    const keys = new Set(levels.map((level) => level.key));
    for (const [key, line] of lines) {
      if (keys.has(key)) continue;
      series.removePriceLine(line);
      lines.delete(key);
    }
    for (const level of levels) {
      const options = {
        price: Number(level.price),
        title: t(`tradingChart.chart.lines.${SHORT[level.kind]}`),
        color: LINE_COLOURS[level.kind],
        lineWidth: 1 as const,
        lineStyle: level.kind === 'entry' ? LineStyle.Solid : LineStyle.Dashed,
        axisLabelVisible: true,
      };
      const line = lines.get(level.key);
      if (line) line.applyOptions(options);
      else lines.set(level.key, series.createPriceLine(options));
    }
  }, [series, levels, t]);

  // The handles follow their lines on every frame (the price scale moves with the data and the user).
  const handlesRef = useRef(new Map<string, HTMLButtonElement>());
  // A smart plan's position (issue 18) has its lines but no handle: its stops are the plan's, not the user's.
  const stops = levels.filter(
    (level): level is Level & { kind: StopKind } => level.kind !== 'entry' && level.position.planOrderId === null,
  );
  const pricesRef = useRef(new Map<string, number>());
  pricesRef.current = new Map(stops.map((level) => [level.key, Number(level.price)]));
  useEffect(() => {
    let frame = 0;
    const place = () => {
      const height = container.clientHeight;
      for (const [key, element] of handlesRef.current) {
        const price = pricesRef.current.get(key);
        const y = price === undefined ? null : series.priceToCoordinate(price);
        const visible = y !== null && y >= 0 && y <= height;
        element.style.visibility = visible ? 'visible' : 'hidden';
        if (visible) element.style.transform = `translateY(${Math.round(y - HANDLE_HALF_HEIGHT)}px)`;
      }
      frame = requestAnimationFrame(place);
    };
    frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [series, container]);

  const dragRef = useRef<{ orderNo: string; kind: StopKind; startY: number; moved: boolean } | null>(null);
  const justDraggedRef = useRef(false);
  const tick = info?.tickSize ?? null;

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, level: Level & { kind: StopKind }) => {
    if (event.button !== 0 || proposal || !tick) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { orderNo: level.position.orderNo, kind: level.kind, startY: event.clientY, moved: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const drag = dragRef.current;
    if (!drag || !tick) return;
    if (!drag.moved && Math.abs(event.clientY - drag.startY) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    const y = event.clientY - container.getBoundingClientRect().top;
    const price = snapToTick(series.coordinateToPrice(y), tick);
    if (price) setDraft({ orderNo: drag.orderNo, kind: drag.kind, price });
  };
  const onPointerUp = () => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (!drag?.moved) return;
    justDraggedRef.current = true;
    const position = positions.find((item) => item.orderNo === drag.orderNo);
    const before = position?.[drag.kind] ?? null;
    const current = draftRef.current;
    if (!current || (before !== null && Decimal.parse(before).eq(Decimal.parse(current.price)))) setDraft(null);
    else setProposal(current);
  };
  const onPointerCancel = () => {
    dragRef.current = null;
    setDraft(null);
  };
  const onClick = (position: TPosition) => {
    // The click that ends a drag is not a request for the dialog.
    if (justDraggedRef.current) {
      justDraggedRef.current = false;
      return;
    }
    onLeaveFullscreen();
    setAmending(position);
  };

  const proposed = proposal ? positions.find((position) => position.orderNo === proposal.orderNo) : undefined;
  const priceText = (value: string | null) => formatPrice(value, precision, locale);

  return (
    <>
      {stops.map((level) => (
        <button
          key={level.key}
          type="button"
          ref={(element) => {
            if (element) handlesRef.current.set(level.key, element);
            else handlesRef.current.delete(level.key);
          }}
          className="ob-chart-handle"
          style={{ borderColor: LINE_COLOURS[level.kind], color: LINE_COLOURS[level.kind], visibility: 'hidden' }}
          aria-label={t('tradingChart.chart.lines.handle', {
            line: t(`tradingChart.chart.lines.${level.kind}`),
            side: t(`trading.side.${level.position.side}`),
            orderNo: level.position.orderNo,
            price: priceText(level.price),
          })}
          title={t('tradingChart.chart.lines.handleHint')}
          data-testid={`chart-line-${level.kind}-${level.position.orderNo}`}
          data-price={level.price}
          onPointerDown={(event) => onPointerDown(event, level)}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onClick={() => onClick(level.position)}
        >
          <IconGripHorizontal size={12} aria-hidden />
          <span aria-hidden>{t(`tradingChart.chart.lines.${SHORT[level.kind]}`)}</span>
        </button>
      ))}
      {proposal && proposed && (
        <MoveLevelModal
          position={proposed}
          proposal={proposal}
          info={info}
          precision={precision}
          locale={locale}
          lastClose={lastClose}
          portalTarget={portalTarget}
          onCancel={() => {
            setProposal(null);
            setDraft(null);
          }}
          onDone={() => {
            setSettled({ ...proposal, at: Date.now() });
            setProposal(null);
            setDraft(null);
          }}
        />
      )}
      {amending && (
        <AmendPositionModal
          position={amending}
          info={info}
          currentPrice={amending.currentPrice}
          onClose={() => setAmending(null)}
        />
      )}
    </>
  );
}

/** The confirmation of a dragged stop: old and new level, the result there, the server's answer. */
function MoveLevelModal({
  position,
  proposal,
  info,
  precision,
  locale,
  lastClose,
  portalTarget,
  onCancel,
  onDone,
}: {
  position: TPosition;
  proposal: Draft;
  info: TMarketInfo | null;
  precision: number;
  locale: string;
  lastClose: () => number | null;
  portalTarget: HTMLElement | null;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const amend = useAmendPosition();
  const priceText = (value: string | null) => formatPrice(value, precision, locale);
  const before = position[proposal.kind];
  const isStopLoss = proposal.kind === 'stopLoss';

  // The result at a level: what the position makes (or loses) if it closes there, in USDT.
  const resultAt = (level: string | null) =>
    level && info && position.openPrice && isUsdQuoted(info.quoteCurrency)
      ? pnlUsdt(position.side, position.lots, position.openPrice, level, info.contractSize)
      : null;
  const resultBefore = resultAt(before);
  const resultAfter = resultAt(proposal.price);

  // The same checks as the stops dialog, against the current price.
  const last = lastClose();
  const reference = parseSigned(position.currentPrice) ?? (last !== null ? parseSigned(last.toFixed(precision)) : null);
  const stopLossText = isStopLoss ? proposal.price : (position.stopLoss ?? '');
  const takeProfitText = isStopLoss ? (position.takeProfit ?? '') : proposal.price;
  const problems = info ? stopProblems(position.side, reference, stopLossText, takeProfitText, info.tickSize) : null;
  const problem = problems?.[proposal.kind] ?? null;
  const problemText = problem && info ? priceProblemText(problem, info.tickSize, locale, t) : null;

  const confirm = async () => {
    try {
      const result = await amend.mutateAsync({ orderNo: position.orderNo, [proposal.kind]: proposal.price });
      rememberPositions([result]);
      notifications.show({
        color: 'blue',
        message: t('trading.amend.done', { code: position.code }),
        autoClose: TOAST_MS,
      });
      onDone();
    } catch {
      // The server's refusal shows in the dialog (and as the usual toast); the line stays proposed.
    }
  };

  const title = t(isStopLoss ? 'tradingChart.chart.move.titleStopLoss' : 'tradingChart.chart.move.titleTakeProfit', {
    code: position.code,
  });
  const result = (value: Decimal | null) =>
    value ? (
      <PnlText value={value} locale={locale} />
    ) : (
      <Text span size="sm" c="dimmed" fw={400}>
        {t('tradingChart.chart.move.byServer')}
      </Text>
    );

  return (
    <Modal
      opened
      onClose={amend.isPending ? () => undefined : onCancel}
      title={title}
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      {...(portalTarget ? { portalProps: { target: portalTarget } } : {})}
    >
      <Stack gap="md" data-testid="chart-move-dialog">
        <FigureList
          items={[
            {
              term: t('tradingChart.chart.move.position'),
              value: t('tradingChart.chart.move.positionText', {
                side: t(`trading.side.${position.side}`),
                lots: formatQuantity(position.lots, locale),
                price: priceText(position.openPrice),
              }),
            },
            {
              term: t(`tradingChart.chart.lines.${proposal.kind}`),
              value: (
                <span className="ob-amount" data-testid="chart-move-levels">
                  {priceText(before)} → {priceText(proposal.price)}
                </span>
              ),
            },
            {
              term: t(isStopLoss ? 'tradingChart.chart.move.lossAt' : 'tradingChart.chart.move.profitAt'),
              value: (
                <span data-testid="chart-move-result">
                  {before !== null && resultBefore ? (
                    <>
                      {result(resultBefore)} → {result(resultAfter)}
                    </>
                  ) : (
                    result(resultAfter)
                  )}
                </span>
              ),
            },
          ]}
        />
        {problemText && (
          <Text size="sm" c="red" role="alert" data-testid="chart-move-problem">
            {problemText}
          </Text>
        )}
        {amend.isError && (
          <Alert color="red" title={t('tradingChart.chart.move.refused')} role="alert" data-testid="chart-move-error">
            {errorMessage(amend.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={amend.isPending} data-autofocus>
            {t('tradingChart.chart.move.cancel')}
          </Button>
          <Button
            onClick={() => void confirm()}
            loading={amend.isPending}
            disabled={problemText !== null}
            data-testid="chart-move-confirm"
          >
            {t('tradingChart.chart.move.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
