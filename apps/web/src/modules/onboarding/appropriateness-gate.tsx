import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { AccountMode } from '../identity/session';
import { useAppropriateness } from './onboarding.api';

const AppropriatenessDialog = lazy(() => import('./AppropriatenessDialog'));

/**
 * The ticket's gate before the first live trade (issue 16, fix 7): in live mode, while the
 * server says the appropriateness questions are not answered, `intercept(then)` shows them
 * instead of letting the order go, and runs `then` once answered. The server enforces the same
 * rule (10193); `ask(then)` opens the questions when it refused an order for that reason.
 */
export function useAppropriatenessGate(mode: AccountMode) {
  const state = useAppropriateness(mode === 'live');
  const [pending, setPending] = useState<{ then: () => void } | null>(null);
  const ask = (then: () => void) => setPending({ then });
  const intercept = (then: () => void): boolean => {
    if (mode !== 'live' || state.data?.answered !== false) return false;
    ask(then);
    return true;
  };
  const element: ReactNode = pending ? (
    <Suspense fallback={null}>
      <AppropriatenessDialog
        onAnswered={() => {
          setPending(null);
          pending.then();
        }}
        onClose={() => setPending(null)}
      />
    </Suspense>
  ) : null;
  return { intercept, ask, element };
}
