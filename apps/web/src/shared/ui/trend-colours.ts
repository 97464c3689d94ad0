import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLOUR_CONVENTION_KEY,
  type ColourConvention,
  readChoice,
  resolveConvention,
} from './colour-convention-choice';

export {
  COLOUR_CONVENTION_KEY,
  type ColourConvention,
  defaultConvention,
  resolveConvention,
} from './colour-convention-choice';

/**
 * The one place that decides which colour a signed number gets (issue 16). Every rise, fall,
 * profit, loss, Buy and Sell in the web app takes its colour from here: lists, sparklines,
 * candles, P&L, the ticket's buttons, the statement, the home page, the toasts.
 *
 * SPEC §9 said rises are red by default; issue 16 makes the default follow the language instead:
 * green-up for en, de, fr, it, es and ar, red-up for zh, hk, ja and ko (the habit of the markets
 * their readers know). Once the reader picks a convention in the settings (Appearance), that
 * choice is kept in local storage and wins in every language.
 */

/** The sign of a number: a rise or profit, no change, a fall or loss. */
export type TrendSign = -1 | 0 | 1;

const listeners = new Set<() => void>();

let choice: ColourConvention | null = typeof localStorage === 'undefined' ? null : readChoice();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the setting changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== COLOUR_CONVENTION_KEY) return;
    choice = readChoice();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps the reader's choice (null: follow the language again). */
export function setColourConvention(convention: ColourConvention | null): void {
  try {
    if (convention) localStorage.setItem(COLOUR_CONVENTION_KEY, convention);
    else localStorage.removeItem(COLOUR_CONVENTION_KEY);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  choice = convention;
  for (const listener of listeners) listener();
}

/** The convention now, outside React (toasts built in plain functions). */
export function currentColourConvention(): ColourConvention {
  return resolveConvention(choice, i18next.language ?? 'en');
}

/**
 * Text colours: CSS variables set per theme in global.css (red.9 / teal.9 on white, red.4 /
 * teal.4 on the dark theme's grey), each at least 4.5:1 against its page.
 */
const TEXT = { red: 'var(--ob-red-text)', green: 'var(--ob-green-text)' } as const;
/** Filled backgrounds under white text (Buy and Sell buttons), 4.5:1 or better in both themes. */
const FILL = { red: 'red.9', green: 'teal.9' } as const;
/** Drawing colours (lines and candles), 3:1 or better on white and on the dark theme's grey. */
export const TREND_DRAW = { red: '#e03131', green: '#0c8a5f' } as const;

export type TrendColours = {
  upText: string;
  downText: string;
  upFill: string;
  downFill: string;
  upDraw: string;
  downDraw: string;
};

export function trendColours(convention: ColourConvention): TrendColours {
  const up = convention === 'red-up' ? 'red' : 'green';
  const down = convention === 'red-up' ? 'green' : 'red';
  return {
    upText: TEXT[up],
    downText: TEXT[down],
    upFill: FILL[up],
    downFill: FILL[down],
    upDraw: TREND_DRAW[up],
    downDraw: TREND_DRAW[down],
  };
}

/** The text colour of a signed number: rises and falls by the convention, no change neutral. */
export function changeTextColour(sign: number, convention: ColourConvention): string | undefined {
  if (sign === 0 || Number.isNaN(sign)) return undefined;
  const colours = trendColours(convention);
  return sign > 0 ? colours.upText : colours.downText;
}

/** The filled colour (a toast's accent, a button) of a signed outcome, or undefined for none. */
export function changeFillColour(sign: number, convention: ColourConvention): string | undefined {
  if (sign === 0 || Number.isNaN(sign)) return undefined;
  const colours = trendColours(convention);
  return sign > 0 ? colours.upFill : colours.downFill;
}

/** The same filled colour as a CSS value (`var(--mantine-color-red-9)`), for plain elements. */
export function changeFillCssColour(sign: number, convention: ColourConvention): string | undefined {
  const colour = changeFillColour(sign, convention);
  return colour === undefined ? undefined : `var(--mantine-color-${colour.replace('.', '-')})`;
}

/** The drawing colour of a signed change (a sparkline): a flat line takes the fall's colour, as before. */
export function changeDrawColour(sign: number, convention: ColourConvention): string {
  const colours = trendColours(convention);
  return sign > 0 ? colours.upDraw : colours.downDraw;
}

/** "up", "down" or "flat": written on coloured numbers (data-trend) so tests and styles can see the meaning. */
export function trendName(sign: number): 'up' | 'down' | 'flat' {
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

export function useColourConvention(): {
  /** The convention in force. */
  convention: ColourConvention;
  /** The reader's own choice, or null while the language decides. */
  choice: ColourConvention | null;
  setConvention: (convention: ColourConvention | null) => void;
  colours: TrendColours;
} {
  const { i18n } = useTranslation();
  const chosen = useSyncExternalStore(
    subscribe,
    () => choice,
    () => null,
  );
  const convention = resolveConvention(chosen, i18n.language);
  return { convention, choice: chosen, setConvention: setColourConvention, colours: trendColours(convention) };
}
