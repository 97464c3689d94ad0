import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../modules/identity/session';

const WelcomePrompt = lazy(() => import('../modules/onboarding/WelcomePrompt'));

/** The first choice (demo or live), offered on the home and profile pages until made (issue 16). */
export function WelcomeSlot() {
  const { token } = useSession();
  const { pathname } = useLocation();
  if (!token || (pathname !== '/' && pathname !== '/profile')) return null;
  return (
    <Suspense fallback={null}>
      <WelcomePrompt />
    </Suspense>
  );
}
