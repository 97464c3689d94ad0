import { useTranslation } from 'react-i18next';
import { useColourConvention } from '../market/use-colour-convention';
import type { OptionsFormat } from './options-format';
import { type BuyFigures, capEndOf, type OptionTerms } from './options-math';
import { type Frame, payoffChart, projector } from './payoff-geometry';

const FRAME: Frame = { width: 360, height: 200, left: 8, right: 8, top: 32, bottom: 22 };

/**
 * The profit or loss at expiry of a purchase against the underlying's price then (issue 19): a
 * line through the strike (and a call's cap end, where it turns flat), the zero line, the
 * strike, the break-even and today's price marked. Drawn left to right in every language; its
 * label says the same in words for a screen reader.
 */
export function PayoffDiagram({
  terms,
  quantity,
  figures,
  spot,
  asset,
  format,
}: {
  terms: OptionTerms;
  quantity: number;
  figures: BuyFigures;
  spot: string | null;
  asset: string;
  format: OptionsFormat;
}) {
  const { t } = useTranslation();
  const { colours } = useColourConvention();
  const chart = payoffChart({ terms, quantity, cost: figures.maxLoss, spot, breakEven: figures.breakEven });
  const { x, y } = projector(chart, FRAME);
  const zero = y(0);
  // The flat level where the whole cost is lost: left of a call's strike, right of a put's.
  const lossLevel = (terms.type === 'call' ? chart.points[0]?.y : chart.points.at(-1)?.y) ?? 0;
  const line = chart.points.map((point) => `${x(point.x).toFixed(1)},${y(point.y).toFixed(1)}`).join(' ');
  // The part above zero in the rise colour, below in the fall colour: clipped at the zero line.
  const clipId = `ob-payoff-${terms.type}-${terms.strike.replace(/\W/g, '_')}`;
  const summary =
    terms.type === 'call'
      ? t('options.ticket.payoff.summaryCall', {
          quantity,
          strike: format.price(terms.strike),
          loss: format.money(figures.maxLoss, asset),
          breakEven: figures.breakEven === null ? t('options.ticket.none') : format.price(figures.breakEven),
          best: format.signedMoney(figures.maxProfit, asset),
          capEnd: chart.capEnd === null ? '—' : format.price(capEndOf(terms)),
        })
      : t('options.ticket.payoff.summaryPut', {
          quantity,
          strike: format.price(terms.strike),
          loss: format.money(figures.maxLoss, asset),
          breakEven: figures.breakEven === null ? t('options.ticket.none') : format.price(figures.breakEven),
          best: format.signedMoney(figures.maxProfit, asset),
        });
  // Labels sit beside their line: the break-even's and today's away from each other, so two
  // close lines keep readable labels; near an edge a label turns inwards.
  type Anchor = 'start' | 'middle' | 'end';
  const inside = (at: number, preferred: Anchor): Anchor =>
    x(at) < FRAME.width * 0.2 ? 'start' : x(at) > FRAME.width * 0.8 ? 'end' : preferred;
  const spotLeftOfBreakEven = chart.spot !== null && chart.breakEven !== null && chart.spot < chart.breakEven;
  const marker = (at: number | null, label: string, kind: string, row: number, preferred: Anchor) =>
    at === null || at < chart.xMin || at > chart.xMax ? null : (
      <g className={`ob-payoff-mark ob-payoff-mark-${kind}`} data-mark={kind}>
        <line x1={x(at)} x2={x(at)} y1={FRAME.top} y2={FRAME.height - FRAME.bottom} />
        <text
          x={x(at) + (preferred === 'start' ? 3 : preferred === 'end' ? -3 : 0)}
          y={row === 0 ? FRAME.height - 6 : row === 1 ? 12 : 26}
          textAnchor={inside(at, preferred)}
        >
          {label}
        </text>
      </g>
    );
  return (
    <figure className="ob-payoff" data-testid="options-payoff">
      <svg viewBox={`0 0 ${FRAME.width} ${FRAME.height}`} className="ob-payoff-chart" role="img" aria-label={summary}>
        <defs>
          <clipPath id={`${clipId}-up`}>
            <rect x={0} y={0} width={FRAME.width} height={Math.max(0, zero)} />
          </clipPath>
          <clipPath id={`${clipId}-down`}>
            <rect x={0} y={zero} width={FRAME.width} height={Math.max(0, FRAME.height - zero)} />
          </clipPath>
        </defs>
        <line className="ob-payoff-zero" x1={FRAME.left} x2={FRAME.width - FRAME.right} y1={zero} y2={zero} />
        {marker(chart.strike, t('options.ticket.payoff.strike'), 'strike', 0, 'middle')}
        {marker(
          chart.breakEven,
          t('options.ticket.payoff.breakEven'),
          'break-even',
          1,
          spotLeftOfBreakEven ? 'start' : 'end',
        )}
        {marker(chart.spot, t('options.ticket.payoff.spot'), 'spot', 2, spotLeftOfBreakEven ? 'end' : 'start')}
        <text
          className="ob-payoff-level"
          x={terms.type === 'call' ? FRAME.left + 2 : FRAME.width - FRAME.right - 2}
          y={Math.min(y(lossLevel) + 14, FRAME.height - FRAME.bottom - 2)}
          textAnchor={terms.type === 'call' ? 'start' : 'end'}
          data-level="loss"
        >
          {format.signedMoney(`-${figures.maxLoss}`, asset)}
        </text>
        {chart.capEnd !== null && chart.capEnd <= chart.xMax && (
          <text
            className="ob-payoff-level"
            x={FRAME.width - FRAME.right - 2}
            y={Math.max(y(chart.points.at(-1)?.y ?? 0) - 6, FRAME.top + 10)}
            textAnchor="end"
            data-level="best"
          >
            {format.signedMoney(figures.maxProfit, asset)}
          </text>
        )}
        <polyline points={line} className="ob-payoff-line" stroke={colours.upDraw} clipPath={`url(#${clipId}-up)`} />
        <polyline
          points={line}
          className="ob-payoff-line"
          stroke={colours.downDraw}
          clipPath={`url(#${clipId}-down)`}
        />
      </svg>
      <figcaption className="ob-payoff-caption">
        <span>{t('options.ticket.payoff.caption')}</span>
      </figcaption>
    </figure>
  );
}
