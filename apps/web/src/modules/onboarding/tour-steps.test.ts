import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  demoStartPath,
  placeBeside,
  scrollToShow,
  stepAfterMissing,
  stepForSheet,
  TOUR_TEXTS,
  tourSteps,
} from './tour-steps';

const phone = tourSteps('phone');
const desk = tourSteps('desk');
const at = (texts: string) => phone.findIndex((step) => step.texts === texts);

describe('the tour steps', () => {
  it('walks the desk through the list, the ticket beside it and the positions', () => {
    expect(desk.map((step) => step.anchor)).toEqual([
      'instrument-list',
      'ticket-lots',
      'ticket-sltp',
      'ticket-side',
      'positions',
    ]);
    expect(desk.some((step) => step.inSheet)).toBe(false);
  });

  it('walks a phone through what it shows: the price, the sticky bar, the sheet’s fields, the positions', () => {
    expect(phone.map((step) => [step.anchor, step.inSheet])).toEqual([
      ['instrument-price', false],
      ['trade-bar', false],
      ['ticket-lots', true],
      ['ticket-sltp', true],
      ['ticket-side', true],
      ['positions-tabs', false],
    ]);
    expect(phone.at(-1)?.texts).toBe('positions');
  });

  it('has a title and a text for every step of either layout', () => {
    const texts = JSON.parse(
      readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'locales', 'tour.en.json'), 'utf8'),
    ) as Record<string, { title?: string; text?: string }>;
    expect(TOUR_TEXTS.filter((key) => !texts[key]?.title || !texts[key]?.text)).toEqual([]);
  });
});

describe('demoStartPath', () => {
  it('leads a desk to the market and a phone to the instrument page, with the tour', () => {
    expect(demoStartPath('desk')).toBe('/market?code=BTCUSDT&tour=1');
    expect(demoStartPath('phone')).toBe('/cruuency?code=BTCUSDT&tour=1');
    expect(demoStartPath('phone', 'ETHUSDT')).toBe('/cruuency?code=ETHUSDT&tour=1');
  });
});

describe('stepForSheet: the tour follows the sheet the user opens or closes', () => {
  it('goes into the sheet’s first step when the user opens it from a step outside', () => {
    expect(stepForSheet(phone, at('trade-bar'), true)).toBe(at('ticket-lots'));
    expect(stepForSheet(phone, at('instrument-price'), true)).toBe(at('ticket-lots'));
    expect(stepForSheet(phone, at('positions'), true)).toBe(at('ticket-lots'));
  });

  it('goes to the first step after the sheet’s when the user closes it during one of them', () => {
    expect(stepForSheet(phone, at('ticket-lots'), false)).toBe(at('positions'));
    expect(stepForSheet(phone, at('ticket-side'), false)).toBe(at('positions'));
  });

  it('stays where it is when the sheet is as the step wants it (the tour moved it itself)', () => {
    expect(stepForSheet(phone, at('ticket-sltp'), true)).toBe(at('ticket-sltp'));
    expect(stepForSheet(phone, at('trade-bar'), false)).toBe(at('trade-bar'));
  });

  it('changes nothing on a desk, which has no sheet steps', () => {
    expect(stepForSheet(desk, 2, true)).toBe(2);
    expect(stepForSheet(desk, 2, false)).toBe(2);
  });
});

describe('stepAfterMissing', () => {
  it('skips forward, ends past the last step and stays on the first going back', () => {
    expect(stepAfterMissing(phone, 1, 1)).toBe(2);
    expect(stepAfterMissing(phone, phone.length - 1, 1)).toBeNull();
    expect(stepAfterMissing(phone, 0, -1)).toBe(0);
    expect(stepAfterMissing(phone, 3, -1)).toBe(2);
  });
});

describe('scrollToShow', () => {
  const band = { top: 60, bottom: 400 };
  it('leaves an anchor already inside the band', () => {
    expect(scrollToShow({ top: 100, bottom: 200 }, band)).toBe(0);
  });
  it('centres an anchor that fits, scrolling down or up', () => {
    // Anchor centre 650, band centre 230: scroll down 420.
    expect(scrollToShow({ top: 600, bottom: 700 }, band)).toBe(420);
    expect(scrollToShow({ top: -300, bottom: -200 }, band)).toBe(-480);
    // Half under the card: centred.
    expect(scrollToShow({ top: 350, bottom: 450 }, band)).toBe(170);
  });
  it('puts the top of an anchor taller than the band at the band’s top', () => {
    expect(scrollToShow({ top: 500, bottom: 1000 }, band)).toBe(440);
  });
});

describe('placeBeside', () => {
  const viewport = { width: 1440, height: 900 };
  const card = { width: 340, height: 180 };
  it('puts the card below its anchor, aligned with its start edge', () => {
    expect(placeBeside({ top: 100, bottom: 200, left: 300, right: 800 }, card, viewport, false)).toEqual({
      top: 208,
      left: 300,
    });
  });
  it('aligns with the right edge in a right-to-left page', () => {
    expect(placeBeside({ top: 100, bottom: 200, left: 300, right: 800 }, card, viewport, true)).toEqual({
      top: 208,
      left: 460,
    });
  });
  it('goes above when there is no room below, and stays inside the viewport', () => {
    expect(placeBeside({ top: 600, bottom: 800, left: 1300, right: 1420 }, card, viewport, false)).toEqual({
      top: 412,
      left: 1092,
    });
    expect(placeBeside({ top: 600, bottom: 800, left: 0, right: 100 }, card, viewport, true)).toEqual({
      top: 412,
      left: 8,
    });
  });
});
