import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { WithOnboardingTexts } from './onboarding-i18n';
import { placeBeside, scrollToShow, stepAfterMissing, stepForSheet, type TourLayout, tourSteps } from './tour-steps';

/** How long a step waits for its anchor (the ticket loads lazily) before it is skipped. */
const ANCHOR_WAIT_MS = 2500;
/** A step inside the phone's sheet waits longer: the sheet opens, then its ticket loads. */
const SHEET_ANCHOR_WAIT_MS = 8000;
const GAP = 8;
const FOCUSABLE = 'input, button, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';
/** Mantine's sheets and modals close on Esc unless the key's target carries this. */
const KEEP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

const findAnchor = (anchor: string) => document.querySelector<HTMLElement>(`[data-tour="${anchor}"]`);

/** The phone's ticket sheet, as its host page holds it: open or not, and a way to open or close it. */
export type TourSheet = { open: boolean; setOpen: (open: boolean) => void };

type Props = {
  onEnd: () => void;
  /** 'desk' (default): the card beside each part. 'phone': the card docked above the sticky bars. */
  layout?: TourLayout;
  /** On a phone, the ticket's bottom sheet: the tour opens it for its steps and follows the user's own taps. */
  sheet?: TourSheet;
};

/**
 * A short guided tour of the order ticket (issue 16, fix 7): a non-modal dialog describing each
 * part in turn, with Next, Back and Skip; Esc ends it; focus moves into it and returns where it
 * was. A step whose anchor is not on the page is skipped.
 *
 * On a desk the card sits beside the part it describes. On a phone it is docked at the screen's
 * foot, just above the sticky Buy/Sell bar (never over its buttons), and the page scrolls the
 * part into the band above it; inside the ticket's bottom sheet the card is docked at the
 * sheet's foot instead (in the sheet's own dialog, so its focus trap and Esc keep working).
 */
export default function TicketTour(props: Props) {
  return (
    <WithOnboardingTexts>
      <Tour {...props} />
    </WithOnboardingTexts>
  );
}

/** The nearest scrolling ancestor of an element (the sheet's body), or null for the page. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/** The lowest bottom edge of what is stuck to the top of the screen over `area` (top bar, sheet header). */
function ceilingOf(area: HTMLElement | null): number {
  const scope = area ?? document;
  const bars = [...scope.querySelectorAll<HTMLElement>('[data-tour-ceiling], .mantine-Drawer-header')];
  const floor = area ? area.getBoundingClientRect().top : 0;
  return bars.reduce((lowest, bar) => Math.max(lowest, bar.getBoundingClientRect().bottom), floor);
}

/** The top edge of the bars fixed at the screen's foot (the Buy/Sell bar, the tab bar). */
function floorTop(): number {
  const bars = [...document.querySelectorAll<HTMLElement>('[data-tour-floor]')];
  return bars.reduce((highest, bar) => {
    const rect = bar.getBoundingClientRect();
    return rect.height > 0 ? Math.min(highest, rect.top) : highest;
  }, window.innerHeight);
}

function Tour({ onEnd, layout = 'desk', sheet }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const steps = tourSteps(layout);
  const panel = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState<1 | -1>(1);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const [floor, setFloor] = useState(() => window.innerHeight - floorTop());
  const sheetRef = useRef(sheet);
  sheetRef.current = sheet;

  // The host's callback and the step's anchor, read when the tour ends (`end` itself stays the
  // same function, so the anchor search does not restart on every render of the host).
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const targetRef = useRef(target);
  targetRef.current = target;

  // Focus returns where it was; ended inside a sheet (which keeps focus in itself), to the part
  // the card described.
  const end = useCallback(() => {
    const back = returnFocus.current;
    const inSheet = Boolean(panel.current?.closest('[role="dialog"][aria-modal="true"]'));
    const described = inSheet ? targetRef.current : null;
    onEndRef.current();
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    else if (described)
      (described.matches(FOCUSABLE) ? described : described.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, []);

  useEffect(() => {
    returnFocus.current = document.activeElement;
  }, []);

  // The sheet opens for the steps inside it and closes for the others (the tour's own moves).
  useEffect(() => {
    const wanted = steps[index]?.inSheet;
    const current = sheetRef.current;
    if (wanted !== undefined && current && current.open !== wanted) current.setOpen(wanted);
  }, [index, steps]);

  // The user opened or closed the sheet themselves: the tour follows.
  const sheetOpen = sheet?.open;
  const lastSheetOpen = useRef(sheetOpen);
  useEffect(() => {
    if (sheetOpen === undefined || lastSheetOpen.current === sheetOpen) return;
    lastSheetOpen.current = sheetOpen;
    setIndex((current) => stepForSheet(steps, current, sheetOpen));
  }, [sheetOpen, steps]);

  // Find the step's anchor, waiting a little for lazily loaded parts; skip the step without one.
  useEffect(() => {
    const step = steps[index];
    if (step === undefined) {
      end();
      return;
    }
    let found = findAnchor(step.anchor);
    if (found) {
      setTarget(found);
      return;
    }
    setTarget(null);
    const observer = new MutationObserver(() => {
      found = findAnchor(step.anchor);
      if (found) {
        observer.disconnect();
        window.clearTimeout(timer);
        setTarget(found);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(
      () => {
        observer.disconnect();
        const next = stepAfterMissing(steps, index, direction);
        if (next === null) end();
        else setIndex(next);
      },
      step.inSheet ? SHEET_ANCHOR_WAIT_MS : ANCHOR_WAIT_MS,
    );
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [index, direction, steps, end]);

  // Inside a sheet (a dialog holding a dock), the card is rendered into that dock.
  const dock = target?.closest('[role="dialog"]')?.querySelector<HTMLElement>('[data-tour-dock]') ?? null;

  // The anchor is outlined and brought into view clear of the card; the card goes beside it
  // (desk) or stays docked (phone). Again when the card moves into a sheet's dock (a new card).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dock` remounts the card, which is measured and focused
  useLayoutEffect(() => {
    if (!target) return;
    target.classList.add('ob-tour-target');
    const isFloor = target.closest('[data-tour-floor]') !== null;
    const place = () => {
      const card = panel.current;
      if (layout === 'phone') {
        setFloor(window.innerHeight - floorTop());
        if (!card || isFloor) return;
        const area = scrollParent(target);
        const band = { top: ceilingOf(area) + GAP, bottom: card.getBoundingClientRect().top - GAP };
        const delta = scrollToShow(target.getBoundingClientRect(), band);
        if (delta !== 0) (area ?? window).scrollBy({ top: delta, behavior: 'instant' as ScrollBehavior });
        return;
      }
      const rect = target.getBoundingClientRect();
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const size = { width: Math.min(340, viewport.width - 16), height: card?.offsetHeight ?? 180 };
      setPosition(placeBeside(rect, size, viewport, document.documentElement.dir === 'rtl', GAP));
    };
    if (layout === 'desk') target.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
    // Focus moves into the card; a sheet opening around it may take it to its own first
    // control a moment later, so it is given back then unless the reader moved it on.
    const focusCard = () => {
      const active = document.activeElement;
      if (panel.current?.contains(active) || (active && target.contains(active))) return;
      panel.current?.focus({ preventScroll: true });
    };
    place();
    panel.current?.focus({ preventScroll: true });
    // Once the card has its height (and the sheet has settled), once more.
    const again = window.requestAnimationFrame(() => {
      place();
      focusCard();
    });
    const settle = window.setTimeout(() => {
      place();
      focusCard();
    }, 350);
    const resize = () => (layout === 'desk' ? place() : setFloor(window.innerHeight - floorTop()));
    window.addEventListener('resize', resize);
    const follow = () => layout === 'desk' && place();
    window.addEventListener('scroll', follow, true);
    // Content that arrives later (a lazily loaded section, a list replacing its skeleton) changes the
    // page's height and can carry the target out of view, or clamp the scroll: placed again then.
    const relayout = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => place());
    relayout?.observe(document.body);
    return () => {
      relayout?.disconnect();
      window.cancelAnimationFrame(again);
      window.clearTimeout(settle);
      target.classList.remove('ob-tour-target');
      window.removeEventListener('resize', resize);
      window.removeEventListener('scroll', follow, true);
    };
  }, [target, layout, dock]);

  if (!target) return null;
  const step = steps[index];
  if (step === undefined) return null;
  const texts = step.texts;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      end();
    }
  };
  const go = (by: 1 | -1) => {
    setDirection(by);
    if (index + by >= steps.length) end();
    else setIndex(Math.max(0, index + by));
  };
  const isLast = index === steps.length - 1;
  const className = layout === 'desk' ? 'ob-tour' : dock ? 'ob-tour ob-tour--sheet' : 'ob-tour ob-tour--docked';
  const style =
    layout === 'desk'
      ? { top: position?.top ?? GAP, left: position?.left ?? GAP }
      : dock
        ? undefined
        : { bottom: floor + GAP };
  const card = (
    <Paper
      ref={panel}
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      shadow="lg"
      withBorder
      p={layout === 'desk' ? 'md' : 'sm'}
      onKeyDown={onKeyDown}
      className={className}
      style={style}
      data-testid="ticket-tour"
      data-step={step.anchor}
      data-autofocus={dock ? true : undefined}
      {...KEEP_ESCAPE}
    >
      <Text size="xs" c="dimmed">
        {t('start.tour.progress', { step: index + 1, total: steps.length })}
      </Text>
      <Title order={2} size="h4" id={titleId} mt={4}>
        {t(`start.tour.${texts}.title`)}
      </Title>
      <Text size="sm" id={textId} mt={layout === 'desk' ? 'xs' : 4}>
        {t(`start.tour.${texts}.text`)}
      </Text>
      <Group justify="space-between" mt={layout === 'desk' ? 'md' : 'sm'} gap="xs" wrap="nowrap">
        <Button variant="subtle" size="compact-sm" onClick={end} {...KEEP_ESCAPE}>
          {t('start.tour.skip')}
        </Button>
        <Group gap="xs" wrap="nowrap">
          {index > 0 && (
            <Button variant="default" size="compact-sm" onClick={() => go(-1)} {...KEEP_ESCAPE}>
              {t('start.tour.back')}
            </Button>
          )}
          <Button size="compact-sm" onClick={() => go(1)} {...KEEP_ESCAPE}>
            {isLast ? t('start.tour.done') : t('start.tour.next')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
  return dock ? createPortal(card, dock) : card;
}
