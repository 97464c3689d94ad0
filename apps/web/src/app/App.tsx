import { createTheme, DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CATALOGUE, isLanguage } from '@openbourse/contracts';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import i18next from 'i18next';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError } from '../shared/api/client';
import { errorMessage } from '../shared/api/errors';
import { isMobileUserAgent, rootFontSizePx } from '../shared/device/device';
import { isRtl } from '../shared/i18n/i18n';
import { colorSchemeManager } from '../shared/ui/color-scheme';
import { router } from './router';
import { installSessionHooks } from './session-hooks';

// The toasts' host comes in its own chunk, after the first render (NotificationsHost.tsx).
const NotificationsHost = lazy(() => import('./NotificationsHost'));

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps links and buttons above 4.5:1 contrast on white (WCAG AA); white text on a
  // dark-theme button needs it too (shade 5 was 3:1).
  primaryShade: { light: 8, dark: 8 },
  // The stack itself is in global.css, where the boot shell's first paint reads it too.
  fontFamily: 'var(--ob-font-family)',
  defaultRadius: 'md',
  components: {
    // A toast's, a dialog's and a drawer's close buttons are only an icon: name them in the
    // reader's language (WCAG button-name), unless the component names its own.
    Notification: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18next.t('app.close') } }) },
    Modal: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18next.t('app.close') } }) },
    Drawer: { defaultProps: () => ({ closeButtonProps: { 'aria-label': i18next.t('app.close') } }) },
  },
});

export const queryClient = new QueryClient({
  // A failed action (a POST) is announced as a toast in the user's language; failed reads
  // show their error where the data would have been, with a retry button (QueryState).
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      // A form that shows its own refusal beside its inputs (the order ticket) asks for no toast.
      if (mutation.meta?.errorShownByCaller === true) return;
      // 10116 asks for the authenticator code: a step of signing in, shown on the page that asks.
      if (error instanceof ApiError && error.code === CATALOGUE.TOTP_REQUIRED.code) return;
      notifications.show({ color: 'red', message: errorMessage(error), autoClose: 4000 });
    },
  }),
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again; network trouble might.
      retry: (failureCount, error) => !(error instanceof ApiError && error.code > 0) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});

installSessionHooks(router, queryClient);

const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// The dialogs' scroll lock (react-remove-scroll) writes a <style> of its own: it asks get-nonce
// for the nonce, so the page's style-src policy lets it in instead of blocking it.
setNonce(styleNonce);

/**
 * SPEC §9: the root font size follows the design width (1920 desktop, 750 mobile), capped at
 * 100px. Mantine sizes in rem are kept at their intended pixel size through --mantine-scale.
 */
function useRootFontSize() {
  useEffect(() => {
    const isMobile = isMobileUserAgent(navigator.userAgent);
    const apply = () => {
      const size = rootFontSizePx(window.innerWidth, isMobile);
      document.documentElement.style.fontSize = `${size}px`;
      document.documentElement.style.setProperty('--mantine-scale', String(16 / size));
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}

/** Keeps Mantine's direction in step with the language (Arabic is right-to-left). */
function DirectionSync({ direction }: { direction: 'ltr' | 'rtl' }) {
  const { dir, setDirection } = useDirection();
  useEffect(() => {
    if (dir !== direction) setDirection(direction);
  }, [dir, direction, setDirection]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const direction = isRtl(language) ? 'rtl' : 'ltr';
  useRootFontSize();
  return (
    <DirectionProvider initialDirection={direction} detectDirection={false}>
      <DirectionSync direction={direction} />
      <MantineProvider
        theme={theme}
        getStyleNonce={() => styleNonce}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
      >
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <a href="#main" className="ob-skip-link">
            {i18n.t('app.skipToContent')}
          </a>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
