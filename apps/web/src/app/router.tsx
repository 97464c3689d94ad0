import { Center, Loader } from '@mantine/core';
import { SUPPORT_CHAT_PATH } from '@openbourse/contracts/constants';
import { lazy, type ReactElement, Suspense, useLayoutEffect } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useHeartbeat } from '../modules/identity/heartbeat';
import { useSession } from '../modules/identity/session';
import { useWalletAddressCheck } from '../modules/identity/wallet/use-wallet-address-check';
import { isMobileUserAgent } from '../shared/device/device';
import { DesktopShell } from './desktop/DesktopShell';
import { RouteGuard } from './guard';
import { isLazyPage, lazyPage } from './lazy-page';
import { MobileShell } from './mobile/MobileShell';
import { RouteError } from './RouteError';

// Every page is its own chunk: the first load carries only the shell and the page it opens.
const HomePage = lazyPage(() => import('../modules/home/HomePage'));
const HelpPage = lazyPage(() => import('../modules/help/HelpPage'));
const FaqPage = lazyPage(() => import('../modules/help/FaqPage'));
const NoticePage = lazyPage(() => import('../modules/help/NoticePage'));
const DetailPage = lazyPage(() => import('../modules/content/DetailPage'));
const AboutPage = lazyPage(() => import('../modules/content/AboutPage'));
const IntroductionPage = lazyPage(() => import('../modules/content/IntroductionPage'));
const EmptyPage = lazyPage(() => import('../modules/empty/EmptyPage'));
const LoginPage = lazyPage(() => import('../modules/identity/LoginPage'));
const RegisterPage = lazyPage(() => import('../modules/identity/RegisterPage'));
const ResetPage = lazyPage(() => import('../modules/identity/ResetPage'));
const ProfilePage = lazyPage(() => import('../modules/identity/ProfilePage'));
const GoogleCallbackPage = lazyPage(() => import('../modules/identity/google/GoogleCallbackPage'));
const BalancePage = lazyPage(() => import('../modules/ledger/BalancePage'));
const MarketPage = lazyPage(() => import('../modules/market/MarketPage'));
const InstrumentPage = lazyPage(() => import('../modules/market/InstrumentPage'));
// Deposits and withdrawals (#15): their own chunks; the wallet code loads only when a payment starts.
const DepositPage = lazyPage(() => import('../modules/payments/DepositPage'));
const WithdrawPage = lazyPage(() => import('../modules/payments/WithdrawPage'));
const FaucetPage = lazyPage(() => import('../modules/payments/FaucetPage'));
const AddressBookPage = lazyPage(() => import('../modules/payments/AddressBookPage'));
const ConfirmAddressPage = lazyPage(() => import('../modules/payments/ConfirmAddressPage'));
// The back office (#14): its own layout and chunk, loaded only at /admin.
const AdminApp = lazyPage(() => import('../modules/admin/AdminApp'));
// Identity verification (#17): the form, its texts and the signature pad are their own chunks.
const VerificationPage = lazyPage(() => import('../modules/kyc/VerificationPage'));
// Loans (#17): the products and the borrower's loans, an application, one loan.
const LoanPage = lazyPage(() => import('../modules/lending/LoanPage'));
const LoanApplyPage = lazyPage(() => import('../modules/lending/ApplyPage'));
const LoanDetailPage = lazyPage(() => import('../modules/lending/LoanDetailPage'));
// Fixed-term savings (#18): the products, a subscription and the investor's orders.
const SavingsPage = lazyPage(() => import('../modules/savings/SavingsPage'));
// Smart trading plans (#18): the products with their backtests, buying, the user's plans.
const TradingPlansPage = lazyPage(() => import('../modules/plans/TradingPlansPage'));
// Options (#19): the user's options; the chain itself lives on the instrument page.
const OptionsPage = lazyPage(() => import('../modules/options/OptionsPage'));
// The support chat's page (#20): the chat the floating button opens, as a whole page.
const SupportPage = lazyPage(() => import('../modules/support/SupportPage'));
// Loaded only once someone signs in, so visitors' first load does not carry it.
const PositionToasts = lazy(() => import('../modules/trading/PositionToasts'));
const NotificationToasts = lazy(() => import('../modules/notify/NotificationToasts'));
const AlertToasts = lazy(() => import('../modules/alerts/AlertToasts'));
const NotificationPage = lazyPage(() => import('../modules/notify/NotificationPage'));
// The security centre (#16): sessions, sign-in history, recovery codes; its own chunk and texts.
const SecurityPage = lazyPage(() => import('../modules/identity/security/SecurityPage'));

/** SPEC §2: every navigation starts at the top of the page. */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    // A lazily loaded page replaces the fallback a moment later; scroll anchoring could then
    // move the view, so settle at the top once more after that paint.
    const frame = requestAnimationFrame(() => window.scrollTo(0, 0));
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
  return null;
}

function Layout() {
  useHeartbeat();
  useWalletAddressCheck();
  const { token } = useSession();
  const Shell = isMobileUserAgent(navigator.userAgent) ? MobileShell : DesktopShell;
  return (
    <Shell>
      <ScrollToTop />
      {token && (
        <Suspense fallback={null}>
          <PositionToasts />
          <NotificationToasts />
          <AlertToasts />
        </Suspense>
      )}
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        }
      >
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      </Suspense>
    </Shell>
  );
}

export const router = createBrowserRouter([
  {
    path: '/admin/*',
    errorElement: <RouteError />,
    element: (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        }
      >
        <AdminApp />
      </Suspense>
    ),
  },
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/help', element: <HelpPage /> },
      { path: '/help/faq', element: <FaqPage /> },
      { path: '/help/notice', element: <NoticePage /> },
      { path: '/detail', element: <DetailPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/introduction', element: <IntroductionPage /> },
      { path: '/empty', element: <EmptyPage /> },
      { path: '/pass/login', element: <LoginPage /> },
      { path: '/pass/register', element: <RegisterPage /> },
      { path: '/pass/reset', element: <ResetPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/profile/balance', element: <BalancePage /> },
      { path: '/profile/withdrawal-addresses', element: <AddressBookPage /> },
      { path: '/profile/withdrawal-addresses/confirm', element: <ConfirmAddressPage /> },
      { path: '/deposit', element: <DepositPage /> },
      { path: '/withdraw', element: <WithdrawPage /> },
      { path: '/sandbox/faucet', element: <FaucetPage /> },
      { path: '/profile/notification', element: <NotificationPage /> },
      { path: '/profile/security', element: <SecurityPage /> },
      { path: '/profile/verification', element: <VerificationPage /> },
      { path: '/loan', element: <LoanPage /> },
      { path: '/loan/apply/:settingId', element: <LoanApplyPage /> },
      { path: '/loan/:id', element: <LoanDetailPage /> },
      { path: '/financial', element: <SavingsPage /> },
      { path: '/trading', element: <TradingPlansPage /> },
      { path: '/options', element: <OptionsPage /> },
      { path: SUPPORT_CHAT_PATH, element: <SupportPage /> },
      { path: '/market', element: <MarketPage /> },
      { path: '/cruuency', element: <InstrumentPage /> },
      // A shared instrument link (/market/BTCUSDT) opens its page (issue 16, fix 9).
      { path: '/market/:code', element: <InstrumentLink /> },
      { path: '/api/loginCallback/google', element: <GoogleCallbackPage /> },
      // Unknown paths go home (SPEC §2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

/** `/market/<code>`: the instrument's page (`/cruuency?code=…`, SPEC §2's spelling). */
function InstrumentLink() {
  const { code = '' } = useParams();
  return <Navigate to={`/cruuency?code=${encodeURIComponent(code.toUpperCase())}`} replace />;
}

/**
 * Loads the chunk of the page `pathname` opens, so React's first render is that page (main.tsx
 * waits for it beside the texts) and the boot shell gives way to the page, not to a spinner.
 */
export async function preloadRoutePage(pathname: string): Promise<void> {
  const matches = matchRoutes(router.routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => {
      const component = (match.route.element as ReactElement | null | undefined)?.type;
      return isLazyPage(component) ? component.preload() : undefined;
    }),
  );
}
