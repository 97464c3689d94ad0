import { type RefObject, useCallback, useEffect, useState } from 'react';

/** The attribute that makes the chart panel a fixed overlay where the Fullscreen API is missing or refused. */
export const OVERLAY_ATTRIBUTE = 'data-chart-fullscreen';

/**
 * Full screen for the chart panel: the Fullscreen API where the browser offers it, else (an
 * iPhone, a refused request) the panel as a fixed overlay over the page. Esc leaves either way:
 * the browser handles it for the API, a key listener for the overlay.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>): {
  isFullscreen: boolean;
  toggle: () => void;
} {
  const [mode, setMode] = useState<'off' | 'api' | 'overlay'>('off');

  useEffect(() => {
    const follow = () => {
      const element = target.current;
      if (element && document.fullscreenElement === element) setMode('api');
      else setMode((current) => (current === 'api' ? 'off' : current));
    };
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [target]);

  useEffect(() => {
    const element = target.current;
    if (!element || mode !== 'overlay') return;
    element.setAttribute(OVERLAY_ATTRIBUTE, '');
    const onKey = (event: KeyboardEvent) => {
      // A dialog over the chart takes its own Esc first.
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[role="dialog"]')) {
        setMode('off');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      element.removeAttribute(OVERLAY_ATTRIBUTE);
      document.removeEventListener('keydown', onKey);
    };
  }, [target, mode]);

  // Leaving the page while full screen leaves full screen.
  useEffect(
    () => () => {
      if (target.current && document.fullscreenElement === target.current) void document.exitFullscreen();
    },
    [target],
  );

  const toggle = useCallback(() => {
    const element = target.current;
    if (!element) return;
    if (mode === 'api') {
      void document.exitFullscreen().catch(() => setMode('off'));
      return;
    }
    if (mode === 'overlay') {
      setMode('off');
      return;
    }
    if (document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      element.requestFullscreen().then(
        () => setMode('api'),
        () => setMode('overlay'),
      );
    } else {
      setMode('overlay');
    }
  }, [target, mode]);

  return { isFullscreen: mode !== 'off', toggle };
}
