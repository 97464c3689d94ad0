/**
 * The ticket tour's steps and the pure decisions around them (issue 16, fix 7). Each step is
 * anchored to an element marked `data-tour="<anchor>"`; its texts are `start.tour.<anchor>.*`.
 *
 * - On a desk the ticket sits beside the list: list, lots, SL/TP, side, positions.
 * - On a phone the ticket lives on the instrument page behind the sticky Buy/Sell bar, opening as
 *   a bottom sheet: the price and chart, the bar, then (the sheet open) lots, SL/TP and side, and
 *   (the sheet closed again) the positions.
 */
export type TourLayout = 'desk' | 'phone';

export type TourStep = {
  /** The element described is marked `data-tour="<anchor>"`. */
  readonly anchor: string;
  /** Its texts are `start.tour.<texts>.title` and `.text`. */
  readonly texts: string;
  /** The step's anchor is inside the phone's ticket sheet: the sheet is open while it shows. */
  readonly inSheet: boolean;
};

const step = (anchor: string, inSheet = false, texts = anchor): TourStep => ({ anchor, texts, inSheet });

const DESK_STEPS: readonly TourStep[] = [
  step('instrument-list'),
  step('ticket-lots'),
  step('ticket-sltp'),
  step('ticket-side'),
  step('positions'),
];

const PHONE_STEPS: readonly TourStep[] = [
  step('instrument-price'),
  step('trade-bar'),
  step('ticket-lots', true),
  step('ticket-sltp', true),
  step('ticket-side', true),
  // The whole positions panel is taller than the band a phone leaves between its bars and the
  // card: the step points at its tabs (open, pending, history…), which its text names.
  step('positions-tabs', false, 'positions'),
];

export function tourSteps(layout: TourLayout): readonly TourStep[] {
  return layout === 'phone' ? PHONE_STEPS : DESK_STEPS;
}

/** Every text key a layout's steps use (each needs a title and a text). */
export const TOUR_TEXTS: readonly string[] = [...new Set([...DESK_STEPS, ...PHONE_STEPS].map((s) => s.texts))];

/** Where the demo choice leads: on a desk the market with the ticket beside it; on a phone the ticket's instrument page. */
export function demoStartPath(layout: TourLayout, code = 'BTCUSDT'): string {
  const query = `code=${encodeURIComponent(code)}&tour=1`;
  return layout === 'phone' ? `/cruuency?${query}` : `/market?${query}`;
}

/**
 * The step to show once the sheet was opened or closed by the user (not by the tour): the
 * tour follows them. Opened from a step outside it: the sheet's first step. Closed during one of
 * its steps: the first step after the sheet's. Otherwise the step stays.
 */
export function stepForSheet(steps: readonly TourStep[], index: number, sheetOpen: boolean): number {
  const current = steps[index];
  if (current === undefined || current.inSheet === sheetOpen) return index;
  if (sheetOpen) {
    const first = steps.findIndex((s) => s.inSheet);
    return first === -1 ? index : first;
  }
  const lastInSheet = steps.findLastIndex((s) => s.inSheet);
  return Math.min(lastInSheet + 1, steps.length - 1);
}

/**
 * The step after `index` in `direction` when its anchor never appeared, or null when the tour
 * ends (ran past its last step). Running back past the first step stays on the first.
 */
export function stepAfterMissing(steps: readonly TourStep[], index: number, direction: 1 | -1): number | null {
  const next = index + direction;
  if (next >= steps.length) return null;
  return Math.max(0, next);
}

export type Span = { readonly top: number; readonly bottom: number };

/**
 * How far to scroll (positive: down) so that an anchor lies inside the free band of the screen
 * (between the sticky top bar and the tour's card, say): nothing when it already does; centred
 * in the band when it fits; its top at the band's top when it is taller than the band.
 */
export function scrollToShow(anchor: Span, band: Span): number {
  const fits = anchor.bottom - anchor.top <= band.bottom - band.top;
  if (anchor.top >= band.top && anchor.bottom <= band.bottom) return 0;
  if (!fits) return anchor.top - band.top;
  return Math.round((anchor.top + anchor.bottom) / 2 - (band.top + band.bottom) / 2);
}

/**
 * The desk's card beside its anchor: below it when it fits above the viewport's end, else above;
 * aligned with the anchor's start edge (its right edge in a right-to-left page), inside the viewport.
 */
export function placeBeside(
  anchor: { top: number; bottom: number; left: number; right: number },
  card: { width: number; height: number },
  viewport: { width: number; height: number },
  rtl: boolean,
  gap = 8,
): { top: number; left: number } {
  const below = anchor.bottom + gap;
  const top = below + card.height <= viewport.height ? below : Math.max(gap, anchor.top - card.height - gap);
  const start = rtl ? anchor.right - card.width : anchor.left;
  const left = Math.min(Math.max(gap, start), viewport.width - card.width - gap);
  return { top, left };
}
