import { useSyncExternalStore } from 'react';

/**
 * SPEC §9: rises are red and falls green by default; a user setting swaps this to the Western
 * habit (green up). The choice is kept in local storage and applies to every list and chart.
 */
export type ColourConvention = 'red-up' | 'green-up';

const STORAGE_KEY = 'ob.colourConvention';
const listeners = new Set<() => void>();

function read(): ColourConvention {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'green-up' ? 'green-up' : 'red-up';
  } catch {
    return 'red-up';
  }
}

let current: ColourConvention = typeof localStorage === 'undefined' ? 'red-up' : read();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the setting changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setColourConvention(convention: ColourConvention): void {
  try {
    localStorage.setItem(STORAGE_KEY, convention);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  current = convention;
  for (const listener of listeners) listener();
}

/** Mantine colours with at least 4.5:1 contrast on white, for text. */
const TEXT = { red: 'red.9', green: 'teal.9' } as const;
/** Drawing colours (lines and candles), 3:1 or better on white. */
const DRAW = { red: '#e03131', green: '#0c8a5f' } as const;

export type TrendColours = { upText: string; downText: string; upDraw: string; downDraw: string };

export function trendColours(convention: ColourConvention): TrendColours {
  const up = convention === 'red-up' ? 'red' : 'green';
  const down = convention === 'red-up' ? 'green' : 'red';
  return { upText: TEXT[up], downText: TEXT[down], upDraw: DRAW[up], downDraw: DRAW[down] };
}

/** The text colour of a change: rises and falls by the convention, no change neutral. */
export function changeTextColour(sign: -1 | 0 | 1, convention: ColourConvention): string | undefined {
  if (sign === 0) return undefined;
  const colours = trendColours(convention);
  return sign > 0 ? colours.upText : colours.downText;
}

export function useColourConvention(): {
  convention: ColourConvention;
  setConvention: (convention: ColourConvention) => void;
  colours: TrendColours;
} {
  const convention = useSyncExternalStore(
    subscribe,
    () => current,
    () => 'red-up' as const,
  );
  return { convention, setConvention: setColourConvention, colours: trendColours(convention) };
}
