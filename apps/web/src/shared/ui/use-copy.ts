import { useEffect, useRef, useState } from 'react';

export type CopyOutcome = 'copied' | 'failed' | null;

/**
 * Copies a value to the clipboard and answers how the last copy went, for a live region that
 * tells everyone: 'copied' or 'failed' for `showForMs`, then null again. One copy logic for
 * every copy button (the user app's and the back office's), whatever each one looks like.
 */
export function useCopy(value: string, showForMs: number): { outcome: CopyOutcome; copy: () => void } {
  const [outcome, setOutcome] = useState<CopyOutcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    clearTimeout(timer.current);
    // Awaited inside try: without a clipboard (an insecure page) the call itself throws.
    void (async () => {
      try {
        await navigator.clipboard.writeText(value);
        setOutcome('copied');
      } catch {
        setOutcome('failed');
      }
      timer.current = setTimeout(() => setOutcome(null), showForMs);
    })();
  };
  return { outcome, copy };
}
