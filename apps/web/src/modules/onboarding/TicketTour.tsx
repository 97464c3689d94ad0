import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithOnboardingTexts } from './onboarding-i18n';

/** The tour's steps, each anchored to an element marked `data-tour="<anchor>"`. */
const STEPS = ['instrument-list', 'ticket-lots', 'ticket-sltp', 'ticket-side', 'positions'] as const;
type Anchor = (typeof STEPS)[number];
/** How long a step waits for its anchor (the ticket loads lazily) before it is skipped. */
const ANCHOR_WAIT_MS = 2500;

const findAnchor = (anchor: Anchor) => document.querySelector<HTMLElement>(`[data-tour="${anchor}"]`);

/**
 * A short guided tour of the order ticket (issue 16, fix 7): a non-modal dialog beside each part
 * in turn, with Next, Back and Skip; Esc ends it; focus moves into it and returns where it was.
 * A step whose anchor is not on the page (another layout, a phone) is skipped.
 */
export default function TicketTour({ onEnd }: { onEnd: () => void }) {
  return (
    <WithOnboardingTexts>
      <Tour onEnd={onEnd} />
    </WithOnboardingTexts>
  );
}

function Tour({ onEnd }: { onEnd: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState<1 | -1>(1);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const end = useCallback(() => {
    const back = returnFocus.current;
    onEnd();
    if (back instanceof HTMLElement) back.focus();
  }, [onEnd]);

  useEffect(() => {
    returnFocus.current = document.activeElement;
  }, []);

  // Find the step's anchor, waiting a little for lazily loaded parts; skip the step without one.
  useEffect(() => {
    const anchor = STEPS[index];
    if (anchor === undefined) {
      end();
      return;
    }
    let found = findAnchor(anchor);
    if (found) {
      setTarget(found);
      return;
    }
    setTarget(null);
    const observer = new MutationObserver(() => {
      found = findAnchor(anchor);
      if (found) {
        observer.disconnect();
        window.clearTimeout(timer);
        setTarget(found);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      const next = index + direction;
      if (next < 0) setIndex(0);
      else if (next >= STEPS.length) end();
      else setIndex(next);
    }, ANCHOR_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [index, direction, end]);

  // Beside the anchor (below it, else above), inside the viewport; the anchor is outlined.
  useLayoutEffect(() => {
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
    target.classList.add('ob-tour-target');
    const place = () => {
      const rect = target.getBoundingClientRect();
      const width = Math.min(340, window.innerWidth - 16);
      const height = panel.current?.offsetHeight ?? 180;
      const below = rect.bottom + 8;
      const top = below + height <= window.innerHeight ? below : Math.max(8, rect.top - height - 8);
      const left = Math.min(Math.max(8, rect.left), window.innerWidth - width - 8);
      setPosition({ top, left });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    panel.current?.focus();
    return () => {
      target.classList.remove('ob-tour-target');
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [target]);

  if (!target) return null;
  const anchor = STEPS[index] as Anchor;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      end();
    }
  };
  const go = (step: 1 | -1) => {
    setDirection(step);
    if (index + step >= STEPS.length) end();
    else setIndex(Math.max(0, index + step));
  };
  return (
    <Paper
      ref={panel}
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      shadow="lg"
      withBorder
      p="md"
      onKeyDown={onKeyDown}
      className="ob-tour"
      style={{ top: position?.top ?? 8, left: position?.left ?? 8 }}
      data-testid="ticket-tour"
      data-step={anchor}
    >
      <Text size="xs" c="dimmed">
        {t('start.tour.progress', { step: index + 1, total: STEPS.length })}
      </Text>
      <Title order={2} size="h4" id={titleId} mt={4}>
        {t(`start.tour.${anchor}.title`)}
      </Title>
      <Text size="sm" id={textId} mt="xs">
        {t(`start.tour.${anchor}.text`)}
      </Text>
      <Group justify="space-between" mt="md" gap="xs">
        <Button variant="subtle" size="compact-sm" onClick={end}>
          {t('start.tour.skip')}
        </Button>
        <Group gap="xs">
          {index > 0 && (
            <Button variant="default" size="compact-sm" onClick={() => go(-1)}>
              {t('start.tour.back')}
            </Button>
          )}
          <Button size="compact-sm" onClick={() => go(1)}>
            {index === STEPS.length - 1 ? t('start.tour.done') : t('start.tour.next')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
